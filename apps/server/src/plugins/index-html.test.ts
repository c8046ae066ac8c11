import {
  applicationConfigResponseSchema,
  applicationConfigSchema,
  bodyFigureConfigSchema,
  integrationConfigSchema,
  type PortalBootstrap,
  radiologyConfigSchema,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../escape-html.ts';
import {
  isBookingHomeUrl,
  jsonForScriptElement,
  pageTitle,
  preloadHomeChunksWhenNeeded,
  renderIndexHtml,
} from './index-html.ts';
import { cacheControlFor, htmlEncodingFor } from './web-app.ts';

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

describe('the start-up data block', () => {
  const hostile = '</script><script>alert(1)</script><!-- & \u2028\u2029 </SCRIPT >';
  const bootstrap: PortalBootstrap = {
    config: {
      application: applicationConfigResponseSchema.parse({
        metaTitle: hostile,
        activeProfiles: ['demo'],
        production: false,
        readOnly: false,
        version: '1.0.0',
        embedOrigins: [],
      }),
      integration: integrationConfigSchema.parse({}),
      bodyFigure: bodyFigureConfigSchema.parse({}),
      radiology: radiologyConfigSchema.parse({ ...radiology, bannerMessage: hostile }),
    },
    locale: 'mk',
    translations: { page: { home: { title: hostile } } },
  };
  const application = applicationConfigSchema.parse({ jsLocale: 'en-AU' });
  const html = renderIndexHtml(
    template,
    { application, radiology, faviconType: 'image/png' },
    bootstrap,
  );
  const block = /<script type="application\/json" id="portal-bootstrap">([\s\S]*?)<\/script>/.exec(
    html,
  );

  it('holds the data as JSON that no value can break out of', () => {
    expect(block).not.toBeNull();
    const text = block?.[1] ?? '';
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(bootstrap);
    // Exactly one element: the hostile text did not open or close another.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
  });

  it('sits at the end of the body and sets the page language to its locale', () => {
    expect(html).toMatch(
      /<div id="root"><\/div>\s*<script type="application\/json"[^>]*>[^<]*<\/script>\s*<\/body>/,
    );
    expect(html).toContain('<html lang="mk">');
  });

  it('replaces a copy in the template instead of adding a second one', () => {
    const again = renderIndexHtml(
      html,
      { application, radiology, faviconType: 'image/png' },
      bootstrap,
    );
    expect(again.match(/id="portal-bootstrap"/g)).toHaveLength(1);
  });

  it('is left out when there is no start-up data', () => {
    const plain = renderIndexHtml(template, { application, radiology, faviconType: 'image/png' });
    expect(plain).not.toContain('portal-bootstrap');
    expect(plain).toContain('<html lang="en-AU">');
  });

  it('escapes < > & U+2028 U+2029 as JSON unicode escapes', () => {
    expect(jsonForScriptElement({ a: '</script>&\u2028' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u0026\\u2028"}',
    );
  });
});

describe('htmlEncodingFor', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(htmlEncodingFor(header)).toBe(expected);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-B1c2D3e4.js.br', 'public, max-age=31536000, immutable'],
    ['assets/index-B1c2D3e4.js.gz', 'public, max-age=31536000, immutable'],
    ['assets/index-B1c2D3e4.js', 'public, max-age=31536000, immutable'],
    ['assets/about-page-Zz_9-abc.css', 'public, max-age=31536000, immutable'],
    ['assets/logo.svg', 'public, max-age=300'],
    ['robots.txt', 'public, max-age=300'],
    ['index-B1c2D3e4.js', 'public, max-age=300'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('the sanitizer chunk marker', () => {
  const application = applicationConfigSchema.parse({});
  const marked = template.replace(
    '</head>',
    '<meta name="portal-sanitizer-chunk" content="/assets/sanitize-Ab12_c.js">\n  </head>',
  );
  const preload = '<link rel="modulepreload" crossorigin href="/assets/sanitize-Ab12_c.js">';

  it('becomes a modulepreload when the shell shows configuration HTML', () => {
    for (const field of ['bannerMessage', 'customHeaderMessage', 'customFooter'] as const) {
      const html = renderIndexHtml(marked, {
        application,
        radiology: { ...radiology, [field]: '<p>Closed on 24 December.</p>' },
        faviconType: 'image/png',
      });
      expect(html).toContain(preload);
      expect(html).not.toContain('portal-sanitizer-chunk');
    }
  });

  it('is removed when there is no configuration HTML', () => {
    const html = renderIndexHtml(marked, { application, radiology, faviconType: 'image/png' });
    expect(html).not.toContain('sanitize-');
    expect(html).not.toContain('portal-sanitizer-chunk');
  });
});

describe("the booking home's chunks marker", () => {
  const marked = [
    '<head>',
    '<script type="module" crossorigin src="/assets/index-Ab12.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-dom-Cd34.js">',
    '<meta name="portal-home-chunks" content="/assets/field-Ef56.js /assets/booking-home-page-Gh78.js">',
    '</head>',
  ].join('\n');

  it("becomes modulepreloads after the entry's, in order, on the home", () => {
    const html = preloadHomeChunksWhenNeeded(marked, true);
    expect(html).not.toContain('portal-home-chunks');
    const field = html.indexOf(
      '<link rel="modulepreload" crossorigin href="/assets/field-Ef56.js">',
    );
    const home = html.indexOf(
      '<link rel="modulepreload" crossorigin href="/assets/booking-home-page-Gh78.js">',
    );
    expect(field).toBeGreaterThan(html.indexOf('react-dom-Cd34.js'));
    expect(home).toBeGreaterThan(field);
  });

  it('is removed on every other page', () => {
    const html = preloadHomeChunksWhenNeeded(marked, false);
    expect(html).not.toContain('portal-home-chunks');
    expect(html).not.toContain('booking-home-page');
    expect(html).toContain('react-dom-Cd34.js');
  });

  it.each([
    ['/', true],
    ['/?kioskMode=true', true],
    ['/advanced-booking/', true],
    ['/iframe', true],
    ['/iframe/advanced-booking?staffBooking=true', true],
    ['/appointments/key-1', false],
    ['/select-clinic', false],
    ['/iframe/booking', false],
  ])('%s is the home: %s', (url, home) => {
    expect(isBookingHomeUrl(url)).toBe(home);
  });
});
