import { afterEach, describe, expect, it } from 'vitest';
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

  it('adds no verification tag when it is disabled', () => {
    apply({ application: { googleVerificationId: 'abc' } });
    expect(document.head.querySelector('meta[name="google-site-verification"]')).toBeNull();
  });

  it('adds the site verification tag when enabled', () => {
    apply({ application: { googleVerificationEnabled: true, googleVerificationId: 'verify-me' } });
    expect(meta('meta[name="google-site-verification"]')).toBe('verify-me');
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

  it('removes what it added on cleanup', () => {
    apply({ application: { questionnaireCss: '.sv-root { color: red; }' } });
    cleanup?.();
    cleanup = undefined;
    expect(document.head.querySelector('style')).toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
  });
});
