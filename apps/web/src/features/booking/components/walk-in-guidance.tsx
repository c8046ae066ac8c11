import { useTranslation } from 'react-i18next';
import type { WalkInGuidance as Guidance } from '../model/booking-rules.ts';

/** The walk-in option a questionnaire answer offered, with how long to prepare and when to come. */
export function WalkInGuidance({ guidance }: { guidance: Guidance | null | undefined }) {
  const { t } = useTranslation();
  if (!guidance) return null;
  return (
    <div data-testid="walk-in-guidance">
      {guidance.examName ? (
        <p>{t('booking.walk_in_guidance.text', { name: guidance.examName })}</p>
      ) : null}
      {guidance.prepTime ? (
        <p>{t('booking.walk_in_guidance.prep_time', { count: guidance.prepTime })}</p>
      ) : null}
      {guidance.minutesPrior ? (
        <p>{t('booking.walk_in_guidance.minutes_prior', { count: guidance.minutesPrior })}</p>
      ) : null}
    </div>
  );
}
