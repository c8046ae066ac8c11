import { lazy, Suspense } from 'react';
import { type PortalConfig, usePortalConfig } from '../../lib/config.tsx';

// The consent logic, the banner and the tags are chunks of their own: the entry holds only
// this check, and the pages' first loads have a strict budget (docs/benchmarks.md).
const LazyTracking = lazy(async () => ({ default: (await import('./tracking.tsx')).Tracking }));
const LazyPreferences = lazy(async () => ({
  default: (await import('./preferences-button.tsx')).TrackingPreferences,
}));

/** Whether any tag is switched on (tracking-selection.ts then checks it is also configured). */
const someTagEnabled = (application: PortalConfig['application']) =>
  application.googleAnalyticsEnabled ||
  application.facebookTrackingEnabled ||
  application.heatmapEnabled ||
  application.selfHostedAnalyticsEnabled;

/** The provider's tags and the consent banner (tracking.tsx), where a tag is enabled. */
export function Tracking() {
  const { application } = usePortalConfig();
  if (!someTagEnabled(application)) return null;
  return (
    <Suspense fallback={null}>
      <LazyTracking />
    </Suspense>
  );
}

/** The footer's "Cookie preferences" (preferences-button.tsx), where a tag is enabled. */
export function TrackingPreferences({ className }: { className?: string }) {
  const { application } = usePortalConfig();
  if (!someTagEnabled(application)) return null;
  return (
    <Suspense fallback={null}>
      <LazyPreferences className={className} />
    </Suspense>
  );
}
