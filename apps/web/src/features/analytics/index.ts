/**
 * Analytics (docs/product/shell-and-configuration.md#analytics): the provider's tags, loaded
 * only when enabled and, where the provider asks for consent, once the patient agreed. The
 * booking funnel's dataLayer events are lib/analytics.ts (the booking pushes them).
 */
export { Tracking, TrackingPreferences } from './tracking-gate.tsx';
