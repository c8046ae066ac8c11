import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfig } from '../../testing/fixtures.ts';
import { applyHead } from './apply-head.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = '';
});

const apply = (overrides: Parameters<typeof makeConfig>[0] = {}) => {
  cleanup = applyHead(makeConfig(overrides));
};
const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;
const scriptSrcs = () => [...document.head.querySelectorAll('script')].map((s) => s.src);

describe('applyHead', () => {
  it('sets the title to the radiology name and metaTitle, and the meta tags', () => {
    apply({
      application: {
        metaTitle: 'Book your scan online',
        metaDescription: 'Medical imaging bookings',
        metaKeywords: 'x-ray, mri',
        metaFbDescription: 'Book imaging with us',
      },
    });
    expect(document.title).toBe('Harbourside Imaging Book your scan online');
    expect(meta('meta[name="description"]')).toBe('Medical imaging bookings');
    expect(meta('meta[name="keywords"]')).toBe('x-ray, mri');
    expect(meta('meta[property="og:description"]')).toBe('Book imaging with us');
  });

  it('reuses meta tags the server already rendered instead of duplicating them', () => {
    document.head.innerHTML = '<meta name="description" content="from server">';
    apply({ application: { metaDescription: 'from config' } });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta('meta[name="description"]')).toBe('from config');
  });

  it('links the favicon from the assets endpoint', () => {
    apply();
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute(
      'href',
      '/api/assets/application/favicon',
    );
  });

  it('adds no verification or tracking tags when they are disabled', () => {
    apply({
      application: {
        googleVerificationId: 'abc',
        googleTagManagerId: 'GTM-ABC123',
        facebookTrackingId: '1234',
        heatmapId: '99',
        selfHostedAnalyticsUrl: 'https://stats.example/',
        selfHostedAnalyticsId: '3',
      },
    });
    expect(document.head.querySelector('meta[name="google-site-verification"]')).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    expect(document.querySelector('noscript')).toBeNull();
  });

  it('does not add a tag that is enabled but has no id', () => {
    apply({ application: { googleAnalyticsEnabled: true, facebookTrackingEnabled: true } });
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('adds the site verification tag when enabled', () => {
    apply({ application: { googleVerificationEnabled: true, googleVerificationId: 'verify-me' } });
    expect(meta('meta[name="google-site-verification"]')).toBe('verify-me');
  });

  // The tags' module loads on demand (apply-head.ts): the tags come a moment after applyHead.
  it('adds Google Tag Manager with its noscript iframe when enabled', async () => {
    apply({ application: { googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' } });
    await vi.waitFor(() =>
      expect(scriptSrcs()).toContain('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123'),
    );
    expect(document.body.querySelector('noscript')?.innerHTML).toContain(
      'https://www.googletagmanager.com/ns.html?id=GTM-ABC123',
    );
  });

  it('adds the Facebook pixel with its noscript image when enabled', async () => {
    apply({ application: { facebookTrackingEnabled: true, facebookTrackingId: '1234' } });
    await vi.waitFor(() =>
      expect(scriptSrcs()).toContain('https://connect.facebook.net/en_US/fbevents.js'),
    );
    expect(document.body.querySelector('noscript')?.innerHTML).toContain('facebook.com/tr?id=1234');
  });

  it('adds the heatmap and self-hosted analytics when enabled', async () => {
    apply({
      application: {
        heatmapEnabled: true,
        heatmapId: '99',
        selfHostedAnalyticsEnabled: true,
        selfHostedAnalyticsUrl: 'https://stats.example',
        selfHostedAnalyticsId: '3',
      },
    });
    await vi.waitFor(() =>
      expect(scriptSrcs()).toEqual(
        expect.arrayContaining([
          'https://static.hotjar.com/c/hotjar-99.js?sv=6',
          'https://stats.example/matomo.js',
        ]),
      ),
    );
    expect(document.body.querySelector('noscript')?.innerHTML).toContain(
      'https://stats.example/matomo.php?idsite=3',
    );
  });

  it('injects questionnaireCss and bodyPartsCss as style elements, as text', () => {
    apply({
      application: { questionnaireCss: '.sv-root { color: red; }' },
      bodyFigure: { bodyPartsCss: '.body-part { fill: blue; }</style><script>x()</script>' },
    });
    const styles = [...document.head.querySelectorAll('style')];
    expect(styles.map((style) => style.dataset.style)).toEqual(['questionnaire', 'body-parts']);
    expect(styles[0]?.textContent).toBe('.sv-root { color: red; }');
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('sets the theme custom properties', () => {
    apply({
      application: { theme: { ...makeConfig().application.theme, primaryColor: '#123456' } },
    });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#123456');
  });

  it('removes what it added on cleanup', async () => {
    apply({ application: { googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' } });
    await vi.waitFor(() => expect(document.querySelector('script')).not.toBeNull());
    cleanup?.();
    cleanup = undefined;
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('noscript')).toBeNull();
  });

  it('adds no tag when cleaned up before the tags loaded (a config change, an unmount)', async () => {
    apply({ application: { googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' } });
    cleanup?.();
    cleanup = undefined;
    // The module is loaded (and its then() run) by now.
    await import('./tracking-tags.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('noscript')).toBeNull();
  });
});
