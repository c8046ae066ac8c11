import { lazy, Suspense, useEffect, useMemo } from 'react';
import { usePortalConfig } from '../../lib/config.tsx';
import { useShellMode } from '../../lib/shell-mode.ts';
import { useTrackingChoice } from './tracking-choice.ts';
import { trackingTags } from './tracking-selection.ts';

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));

/** Whether the provider's tags may load now, and whether the patient is to be asked. */
export function useTracking() {
  const { application } = usePortalConfig();
  const { kioskMode } = useShellMode();
  const { choice, asking } = useTrackingChoice();
  const tags = useMemo(() => trackingTags(application), [application]);
  const consentRequired = application.analyticsConsentRequired;
  // On a kiosk the next patient would inherit an answer: it is never asked there, and with
  // consent required nothing loads.
  const applies = tags.length > 0 && consentRequired && !kioskMode;
  return {
    tags,
    load: tags.length > 0 && (consentRequired ? !kioskMode && choice === 'granted' : true),
    ask: applies && (choice === null || asking),
    canChange: applies,
  };
}

/**
 * The provider's analytics tags (docs/product/shell-and-configuration.md#analytics): none by
 * default; the enabled ones load once the patient agreed where the provider asks for consent
 * (`analyticsConsentRequired`, on by default), and the banner asks until then. The tags' code
 * and the banner are chunks of their own, fetched only when a tag is configured.
 */
export function Tracking() {
  const { tags, load, ask } = useTracking();
  useEffect(() => {
    if (load)
      void import('./tracking-tags.ts').then(({ addTrackingTags }) => addTrackingTags(tags));
  }, [load, tags]);
  return ask ? (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  ) : null;
}
