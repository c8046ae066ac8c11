import { bannerFingerprint, closedBannerCookieName, type PortalBootstrap } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../test/build-test-app.ts';
import { prerenderTargetOf, renderAppShell } from './app-shell-prerender.ts';
import { prioritiseFirstPaint } from './index-html.ts';

// A provider wording with markup and quotes: the prerender must show it as text.
const hostileTitle = '<img src=x onerror=alert(1)> "Закажете" & \'снимање\'';

let testApp: TestApp;
beforeAll(async () => {
  const provider = demoProvider();
  testApp = await buildTestApp({
    provider: {
      ...provider,
      translations: {
        ...provider.translations,
        mk: { booking: { home: { title: hostileTitle } } },
      },
    },
  });
});
afterAll(() => testApp?.close());

const page = async (url: string) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html' },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const json = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];

describe('the prerendered booking home', () => {
  it("has the home's h1 and lead in the provider locale inside #root, before the data block", async () => {
    const html = await page('/');
    const en = await json('/api/assets/translations?lang=en-AU');
    const root = rootOf(html);
    expect(root).toContain(`<h1 class="pre-title">${en.booking.home.title}</h1>`);
    expect(root).toContain(`<p class="pre-lead">${en.booking.home.lead}</p>`);
    expect(root).toContain('<header class="pre-header">');
    expect(root?.match(/<h1\b/g)).toHaveLength(1);
    expect(root?.match(/<main\b/g)).toHaveLength(1);
    // The demo runs outside production, with a banner and a header message, as the app shows.
    expect(root).toContain('pre-environment');
    expect(root).toContain('<strong>Demonstration portal.</strong>');
    expect(root).toContain('Bookings line 1300 555 010');
  });

  it('leaves out the banner message the visitor closed (its cookie), and only that one', async () => {
    const { bannerMessage } = await json('/api/config/radiology');
    expect(rootOf(await page('/'))).toContain('<strong>Demonstration portal.</strong>');
    const withCookie = (value: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', cookie: `${closedBannerCookieName}=${value}` },
      });
    const closed = await withCookie(bannerFingerprint(bannerMessage));
    expect(closed.headers.vary).toMatch(/cookie/i);
    const root = rootOf(closed.body) ?? '';
    expect(root).not.toContain('Demonstration portal.');
    expect(root).not.toContain('class="pre-banner pre-html-banner"');
    expect(root).toContain('class="pre-banner pre-environment"'); // Not dismissible: it stays.
    // A cookie for an earlier message, and the variant cached first, change nothing else.
    const stale = rootOf((await withCookie(bannerFingerprint('<p>Old news</p>'))).body);
    expect(stale).toContain('<strong>Demonstration portal.</strong>');
    expect(rootOf(await page('/'))).toContain('<strong>Demonstration portal.</strong>');
  });

  it('uses the lang parameter and escapes the translation', async () => {
    const html = await page('/?lang=mk');
    const root = rootOf(html) ?? '';
    expect(root).toContain(
      '<h1 class="pre-title">&lt;img src=x onerror=alert(1)&gt; &quot;Закажете&quot; &amp; &#39;снимање&#39;</h1>',
    );
    expect(root).not.toContain('<img src=x');
    const mk = await json('/api/assets/translations?lang=mk');
    expect(root).toContain(`<p class="pre-lead">${mk.booking.home.lead}</p>`);
  });

  it('shows the staff wording for staffBooking=true and on advanced booking', async () => {
    const en = await json('/api/assets/translations?lang=en-AU');
    expect(await page('/?staffBooking=true')).toContain(`>${en.booking.home.title_staff}</h1>`);
    expect(await page('/advanced-booking')).toContain(`>${en.booking.home.title}</h1>`);
    expect(await page('/advanced-booking?staffBooking=true&lang=en-AU')).toContain(
      `>${en.booking.home.title_staff}</h1>`,
    );
  });

  it.each([
    '/about',
    '/iframe',
    '/iframe/',
    '/?kioskMode=true',
    '/kiosk',
    '/select-clinic?examSlugs=ct-brain',
    '/appointments/some-key/kiosk',
    '/iframe/appointments/some-key',
  ])('leaves #root empty on %s', async (url) => {
    expect(await page(url)).toMatch(/<div id="root"><\/div>/);
  });

  it.each([
    '/appointments/some-key',
    '/a/some-key',
    '/booking-requests/some-key',
    '/appointments/some-key/reschedule/some-id',
    '/appointment-links/some-token',
  ])(
    'gives the patient page %s the banners and header, and leaves its main to the app',
    async (url) => {
      const root = rootOf(await page(url)) ?? '';
      expect(root).toContain('<header class="pre-header">');
      expect(root).toContain('<strong>Demonstration portal.</strong>');
      expect(root).toContain('<main class="pre-main"></main>');
      expect(root).not.toMatch(/<h1\b/);
    },
  );

  it("gives the kiosk's check-in its first question's heading, and only in kiosk mode", async () => {
    const en = await json('/api/assets/translations?lang=en-AU');
    for (const url of ['/check-in?kioskMode=true', '/check-in?kioskMode=true&step=CONFIRM']) {
      const root = rootOf(await page(url)) ?? '';
      expect(root).toContain('<header class="pre-header">');
      expect(root).toContain(
        `<div class="pre-page pre-kiosk"><h1 class="pre-title">${en.kiosk_check_in.last_name.title}</h1></div>`,
      );
    }
    expect(await page('/check-in')).toMatch(/<div id="root"><\/div>/);
  });

  it("fetches the app's scripts at low priority only when the shell is prerendered", async () => {
    expect(await page('/')).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(await page('/about')).toContain('<script type="module" crossorigin');
  });

  it('keeps the CSP: no inline script besides the JSON data block', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    const scripts = response.body.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toMatch(/ src=|type="application\/json"/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('renderAppShell', () => {
  // The markup after the critical CSS (which names every class).
  const markupOf = (shell: string | null) => shell?.split('</style>')[1] ?? '';
  const bootstrapWith = async (
    application: Record<string, unknown>,
    radiology: Record<string, unknown>,
  ): Promise<PortalBootstrap> => ({
    config: {
      application: { ...(await json('/api/config/application')), ...application },
      integration: await json('/api/config/integration'),
      bodyFigure: await json('/api/config/body-figure'),
      radiology: { ...(await json('/api/config/radiology')), ...radiology },
    },
    locale: 'en-AU',
    translations: await json('/api/assets/translations?lang=en-AU'),
  });

  it('shows no banner region in production without a banner, and escapes the provider name', async () => {
    const shell = markupOf(
      renderAppShell(
        'home',
        await bootstrapWith(
          { production: true, readOnly: false },
          { bannerMessage: '', customHeaderMessage: '', name: 'A&B "Imaging" <b>' },
        ),
      ),
    );
    expect(shell).not.toContain('<section');
    expect(shell).not.toContain('pre-actions');
    expect(shell).toContain('alt="A&amp;B &quot;Imaging&quot; &lt;b&gt; home"');
  });

  it('shows the read-only banner, strips script from configuration HTML and escapes its CSS', async () => {
    const shell = markupOf(
      renderAppShell(
        'home',
        await bootstrapWith(
          { production: true, readOnly: true },
          {
            bannerMessage: '<p onclick="x()">Closed <script>alert(1)</script>Monday</p>',
            bannerPositionCss: 'top: 0" onmouseover="x()',
            closeBanner: false,
          },
        ),
      ),
    );
    expect(shell).toContain('pre-warning');
    expect(shell).not.toContain('pre-environment');
    expect(shell).toContain('<p>Closed Monday</p>');
    expect(shell).not.toMatch(/<script|onclick/);
    expect(shell).toContain('style="top: 0&quot; onmouseover=&quot;x()"');
  });

  it('leaves a closed banner out', async () => {
    const shell = markupOf(
      renderAppShell(
        'home',
        await bootstrapWith({}, { bannerMessage: '<p>Closed Monday</p>', closeBanner: true }),
      ),
    );
    expect(shell).not.toContain('Closed Monday');
    const bootstrap = await bootstrapWith({}, { bannerMessage: '<p>Closed Monday</p>' });
    expect(markupOf(renderAppShell('home', bootstrap))).toContain('Closed Monday');
    expect(markupOf(renderAppShell('home', bootstrap, true))).not.toContain('Closed Monday');
  });
});

describe('prerenderTargetOf', () => {
  it.each([
    ['/', 'home'],
    ['/?examSlugs=ct-brain&procedureTab=single', 'home'],
    ['/?staffBooking=true', 'home-staff'],
    ['/advanced-booking/', 'advanced'],
    ['/advanced-booking?staffBooking=true', 'advanced-staff'],
    ['/?kioskMode=true', null],
    ['/iframe', null],
    ['/iframe/advanced-booking', null],
    ['/advanced-booking/select-clinic', null],
    ['/home', null],
    ['/appointments/key-1', 'patient'],
    ['/appointments/pending/key-1', 'patient'],
    ['/appointments/key-1/reschedule/id-1', 'patient'],
    ['/appointments/key-1/result', 'patient'],
    ['/appointments/key-1/result?shared=true', 'patient'],
    ['/appointments/key-1/result/patient?dateOfBirth=1975-08-21&otpType=EMAIL', 'patient'],
    ['/appointments/key-1/result/other', null],
    ['/iframe/appointments/key-1/result', null],
    ['/appointments/key-1/kiosk', null],
    ['/appointments/key-1/check-in', null],
    ['/br/key-1', 'patient'],
    ['/booking-requests/key-1?lang=mk', 'patient'],
    ['/appointment-links/token-1', 'patient'],
    ['/appointments/key-1?kioskMode=true', null],
    ['/check-in?kioskMode=true', 'kiosk-check-in'],
    ['/check-in/?kioskMode=true&step=LAST_NAME', 'kiosk-check-in'],
    ['/check-in', null],
    ['/kiosk?kioskMode=true', null],
    ['/iframe/check-in?kioskMode=true', null],
  ])('%s → %s', (url, target) => {
    expect(prerenderTargetOf(url)).toBe(target);
  });
});

describe('prioritiseFirstPaint', () => {
  const head = [
    '<head>',
    '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-EfGh5678.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-IjKl9012.css">',
    '</head>',
  ].join('\n');

  it('puts the stylesheet first and starts the app through the loader', () => {
    const html = prioritiseFirstPaint(head, true);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain(
      '<script defer src="/app-loader.js" data-entry="/assets/index-AbCd1234.js" data-preloads="/assets/react-EfGh5678.js"></script>',
    );
    expect(html).not.toMatch(/type="module"|modulepreload/);
  });

  it('without the loader keeps the scripts, at low priority', () => {
    const html = prioritiseFirstPaint(head, false);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
  });
});
