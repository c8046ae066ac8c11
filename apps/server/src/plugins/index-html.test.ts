import { applicationConfigSchema, radiologyConfigSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { escapeHtml, pageTitle, renderIndexHtml } from './index-html.ts';
import { cacheControlFor } from './web-app.ts';

const radiology = radiologyConfigSchema.parse({
  name: 'Acme Imaging',
  code: 'ACME',
  longName: 'Acme Imaging Ltd',
});
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Vite App</title>
    <meta name="description" content="old">
    <link rel="icon" href="/vite.svg">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('renderIndexHtml', () => {
  it('injects title, meta tags, favicon and theme, replacing the template copies', () => {
    const application = applicationConfigSchema.parse({
      metaTitle: '- Book online',
      metaDescription: 'Scans near you',
      metaKeywords: 'x-ray, mri',
      metaFbDescription: 'Share me',
      jsLocale: 'en-NZ',
    });
    const html = renderIndexHtml(template, { application, radiology, faviconType: 'image/png' });
    expect(html).toContain('<title>Acme Imaging - Book online</title>');
    expect(html).not.toContain('Vite App');
    expect(html).not.toContain('content="old"');
    expect(html).not.toContain('/vite.svg');
    expect(html).toContain('<meta name="description" content="Scans near you">');
    expect(html).toContain('<meta name="keywords" content="x-ray, mri">');
    expect(html).toContain('<meta property="og:description" content="Share me">');
    expect(html).toContain(
      '<link rel="icon" href="/api/assets/application/favicon" type="image/png">',
    );
    expect(html).toContain('<style id="portal-theme">:root{--color-primary:#005eb8;');
    expect(html).toContain('<html lang="en-NZ">');
    expect(html).not.toContain('google-site-verification');
    expect(html.indexOf('portal-theme')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes configured text so it cannot break out of the markup', () => {
    const application = applicationConfigSchema.parse({
      metaTitle: '</title><script>alert(1)</script>',
      metaDescription: '"><script>alert(2)</script> $& $1',
      googleVerificationEnabled: true,
      googleVerificationId: 'abc"def',
      theme: { fontFamily: 'x}</style><script>alert(3)</script>' },
    });
    const html = renderIndexHtml(template, {
      application,
      radiology,
      faviconType: 'image/svg+xml',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt; $&amp; $1"');
    expect(html).toContain('<meta name="google-site-verification" content="abc&quot;def">');
  });

  it('builds the title from the name alone when metaTitle is empty', () => {
    expect(pageTitle(radiology, applicationConfigSchema.parse({}))).toBe('Acme Imaging');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-B1c2D3e4.js', 'public, max-age=31536000, immutable'],
    ['assets/about-page-Zz_9-abc.css', 'public, max-age=31536000, immutable'],
    ['assets/logo.svg', 'public, max-age=300'],
    ['robots.txt', 'public, max-age=300'],
    ['index-B1c2D3e4.js', 'public, max-age=300'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
