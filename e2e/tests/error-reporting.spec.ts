import { afterAll, describe, expect, test } from 'vitest';
import { startErrorReportReceiver } from '../../apps/server/test/error-report-receiver.ts';
import { screenshot, type ViewportName } from '../support/browser.ts';
import { useSuite } from '../support/suite.ts';

// A local Sentry-compatible collector that records what it receives; the portal of this file
// names it as its DSN (docs/product/shell-and-configuration.md#error-reporting).
const receiver = await startErrorReportReceiver();
afterAll(() => receiver.close());

const portal = useSuite({
  portal: {
    name: 'error-reporting',
    configOverrides: { 'integration.json': { sentryDSN: { key: receiver.dsn } } },
  },
});

/** Waits for the collector's `count`th request, failing with what did arrive instead of hanging. */
async function arrived(count: number, requested: string[], errors: string[]): Promise<void> {
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => {
      const toCollector = requested.filter((url) => url.startsWith(receiver.origin)).length;
      reject(
        new Error(
          `the collector has ${receiver.received.length} of ${count} reports; the page sent it ${toCollector} requests; console errors: ${errors.join(' | ')}`,
        ),
      );
    }, 15_000),
  );
  await Promise.race([receiver.requests(count), late]);
}

const bookingKey = 'Zq3xR8pLm2Vt6YwK9sHdBf4N';
const patient = {
  name: 'Philippa Marchetti',
  email: 'philippa.marchetti@example.org',
  phone: '0412 345 678',
  dateOfBirth: '1984-07-19',
};

describe.each<ViewportName>(['phone', 'desktop'])('on a %s', (viewport) => {
  test('a thrown browser error arrives at the collector without patient data', async () => {
    const { page, context, consoleErrors } = await portal.openPage(viewport);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The app itself, not the server's prerendered shell: it has read where reports go.
    await page.locator('[data-prerender]').waitFor({ state: 'detached', timeout: 30_000 });
    // Until an error happens, neither the sender's code nor the collector is asked for anything.
    expect(requested.filter((url) => url.includes('error-report-sender'))).toEqual([]);
    expect(requested.filter((url) => url.startsWith(receiver.origin))).toEqual([]);

    const before = receiver.received.length;
    // A page whose address holds a booking key and whose error message holds the patient.
    await page.evaluate(
      ({ key, who }) => {
        window.history.replaceState(
          null,
          '',
          `/appointments/${key}/result?bookingKey=${key}&email=${encodeURIComponent(who.email)}`,
        );
        setTimeout(() => {
          throw new Error(
            `summary failed for "${who.name}" <${who.email}> born ${who.dateOfBirth}, phone ${who.phone}, key ${key}`,
          );
        });
      },
      { key: bookingKey, who: patient },
    );
    await arrived(before + 1, requested, consoleErrors);
    const report = receiver.received[before]!;
    expect(report.url).toMatch(/^\/api\/42\/envelope\/\?sentry_key=publickey&sentry_version=7&/);
    expect(report.event).toMatchObject({
      platform: 'javascript',
      level: 'error',
      release: expect.any(String),
      tags: { source: 'window.error', path: '/appointments/:id/result' },
      exception: {
        values: [
          {
            type: 'Error',
            value:
              'summary failed for "[value]" <[email]> born [number], phone [number], key [key]',
          },
        ],
      },
    });
    for (const value of [bookingKey, ...Object.values(patient), 'Philippa', 'bookingKey=']) {
      expect(report.body, value).not.toContain(value);
    }
    // The browser sent no cookie and no page address with it.
    expect(report.headers.cookie).toBeUndefined();
    expect(String(report.headers.referer ?? '')).not.toContain(bookingKey);
    // The browser's request events reach the test over the DevTools socket, which can lag behind
    // the collector's own HTTP request on a loaded machine.
    await expect
      .poll(() => requested.some((url) => url.includes('error-report-sender')))
      .toBe(true);

    // An unhandled rejection is reported the same way.
    await page.evaluate((email) => {
      void Promise.reject(new Error(`no answer for ${email}`));
    }, patient.email);
    await arrived(before + 2, requested, consoleErrors);
    const rejection = receiver.received[before + 1]!;
    expect(rejection.event).toMatchObject({
      tags: { source: 'unhandledrejection', path: '/appointments/:id/result' },
      exception: { values: [{ type: 'Error', value: 'no answer for [email]' }] },
    });
    expect(rejection.body).not.toContain(patient.email);
    await screenshot(page, `error-reporting-${viewport}`);
    await context.close();
  });
});
