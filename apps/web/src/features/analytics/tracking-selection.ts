import type { PortalConfig } from '../../lib/config.tsx';

/** A tracking tag the provider enabled and configured. */
export type TrackingTag =
  | { kind: 'googleTagManager'; id: string }
  | { kind: 'facebookPixel'; id: string }
  | { kind: 'heatmap'; id: string }
  | { kind: 'selfHostedAnalytics'; url: string; id: string };

/** The tags to add: each only when enabled and given its id (and url). */
export function trackingTags(application: PortalConfig['application']): TrackingTag[] {
  const tags: TrackingTag[] = [];
  if (application.googleAnalyticsEnabled && application.googleTagManagerId) {
    tags.push({ kind: 'googleTagManager', id: application.googleTagManagerId });
  }
  if (application.facebookTrackingEnabled && application.facebookTrackingId) {
    tags.push({ kind: 'facebookPixel', id: application.facebookTrackingId });
  }
  if (application.heatmapEnabled && application.heatmapId) {
    tags.push({ kind: 'heatmap', id: application.heatmapId });
  }
  const { selfHostedAnalyticsUrl: url, selfHostedAnalyticsId: id } = application;
  if (application.selfHostedAnalyticsEnabled && url && id) {
    tags.push({ kind: 'selfHostedAnalytics', url, id });
  }
  return tags;
}
