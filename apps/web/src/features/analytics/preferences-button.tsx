import { useTranslation } from 'react-i18next';
import { useTracking } from './tracking.tsx';
import { askTrackingChoiceAgain } from './tracking-choice.ts';

/**
 * "Cookie preferences" in the footer: withdrawing consent is as easy as giving it. Shown only
 * where the question applies (a tag configured, consent required, not a kiosk).
 */
export function TrackingPreferences({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { canChange } = useTracking();
  if (!canChange) return null;
  return (
    <button type="button" className={className} onClick={askTrackingChoiceAgain}>
      {t('analytics_consent.preferences')}
    </button>
  );
}
