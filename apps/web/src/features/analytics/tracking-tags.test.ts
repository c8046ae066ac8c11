import { describe, expect, it } from 'vitest';
import { makeConfig } from '../../testing/fixtures.ts';
import { trackingTags } from './tracking-selection.ts';
import { addTrackingTags } from './tracking-tags.ts';

const tagsOf = (application: NonNullable<Parameters<typeof makeConfig>[0]>['application']) =>
  trackingTags(makeConfig({ application }).application);
const scriptSrcs = () => [...document.head.querySelectorAll('script')].map((s) => s.src);

describe('tracking tags', () => {
  it('selects none when they are disabled, or enabled without an id', () => {
    expect(
      tagsOf({
        googleTagManagerId: 'GTM-ABC123',
        facebookTrackingId: '1234',
        heatmapId: '99',
        selfHostedAnalyticsUrl: 'https://stats.example/',
        selfHostedAnalyticsId: '3',
      }),
    ).toEqual([]);
    expect(tagsOf({ googleAnalyticsEnabled: true, facebookTrackingEnabled: true })).toEqual([]);
  });

  it('adds Google Tag Manager with its noscript iframe', () => {
    addTrackingTags(tagsOf({ googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' }));
    expect(scriptSrcs()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC123']);
    expect(document.body.querySelector('noscript')?.innerHTML).toContain(
      'https://www.googletagmanager.com/ns.html?id=GTM-ABC123',
    );
  });

  it('adds the Facebook pixel with its noscript image', () => {
    addTrackingTags(tagsOf({ facebookTrackingEnabled: true, facebookTrackingId: '1234' }));
    expect(scriptSrcs()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(document.body.querySelector('noscript')?.innerHTML).toContain('facebook.com/tr?id=1234');
  });

  it('adds the heatmap and self-hosted analytics', () => {
    addTrackingTags(
      tagsOf({
        heatmapEnabled: true,
        heatmapId: '99',
        selfHostedAnalyticsEnabled: true,
        selfHostedAnalyticsUrl: 'https://stats.example',
        selfHostedAnalyticsId: '3',
      }),
    );
    expect(scriptSrcs()).toEqual([
      'https://static.hotjar.com/c/hotjar-99.js?sv=6',
      'https://stats.example/matomo.js',
    ]);
    expect(document.body.querySelector('noscript')?.innerHTML).toContain(
      'https://stats.example/matomo.php?idsite=3',
    );
  });

  it('adds a tag once however often it is asked (a remount, a second layout)', () => {
    const tags = tagsOf({ googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' });
    addTrackingTags(tags);
    addTrackingTags(tags);
    expect(scriptSrcs()).toHaveLength(1);
  });
});
