import { messageTemplates, supportedLocales } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';

const url = (query: Record<string, string>) =>
  `/api/notifications/preview_translated_email?${new URLSearchParams(query)}`;

let testApp: TestApp;
const clock = fixedClock('2026-03-02T00:00:00Z');
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoBookingsForTest(testApp.database.db, testApp.clock);
});
afterAll(() => testApp?.close());

const previewReads = () =>
  testApp.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'email_preview.read')
    .execute();

describe('GET /api/notifications/preview_translated_email', () => {
  it('renders every template in every locale with sample data, subject first, no raw key', async () => {
    for (const lang of supportedLocales) {
      for (const template of messageTemplates) {
        const response = await testApp.app.inject({ method: 'GET', url: url({ template, lang }) });
        expect(response.statusCode, `${template} ${lang}`).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        const { content } = response.json() as { content: string };
        expect(content, `${template} ${lang}`).toMatch(/^<h1>[^<]+<\/h1>/);
        expect(content).not.toMatch(/email\.[a-z_]+\.|\{\{|undefined/);
      }
    }
    const confirmation = await testApp.app.inject({
      method: 'GET',
      url: url({ template: 'APPOINTMENT_CONFIRMATION', lang: 'mk' }),
    });
    const { content } = confirmation.json() as { content: string };
    expect(content).toContain('<h1>Southern Cross Imaging: Вашиот термин е потврден</h1>');
    expect(content).toContain('Здраво Alex,');
    expect(content).toContain('<h2>SMS</h2>');
    expect(content).toContain('/appointments/SAMPLE-BOOKING-KEY');
    // Sample data read no patient: nothing audited.
    expect(await previewReads()).toHaveLength(0);
  });

  it('shows the sample the same at any hour (the page caches it)', async () => {
    const consentNotice = async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: url({ template: 'consent-form-signed', lang: 'en-AU' }),
        })
      ).json<{ content: string }>().content;
    const before = await consentNotice();
    clock.set(new Date(clock.now().getTime() + 61 * 60_000));
    expect(await consentNotice()).toBe(before);
    expect(before).toContain('Sun 1 Mar 2026, 10:30 am');
  });

  it('fills the template with a real booking outside production, and audits the read', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: url({
        template: 'APPOINTMENT_REMINDER',
        lang: 'en-AU',
        referenceId: demoBookingKeys.appointment,
      }),
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(200);
    const { content } = response.json() as { content: string };
    expect(content).toContain(`Hello ${demoPatient.first_name},`);
    expect(content).toContain(`/appointments/${demoBookingKeys.appointment}`);
    expect(content).not.toContain('Alex');
    const reads = await previewReads();
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actor: 'public', subject_type: 'booking_key' });
    expect(reads[0]?.subject_id).toMatch(/^[0-9a-f]{64}$/);
    expect(reads[0]?.client_address).toBe('203.0.113.9');
    expect(JSON.stringify(reads[0]?.details)).not.toContain(demoPatient.first_name);

    const request = await testApp.app.inject({
      method: 'GET',
      url: url({
        template: 'BOOKING_REQUEST_CONFIRMATION',
        lang: 'mk',
        referenceId: demoBookingKeys.bookingRequest,
      }),
    });
    expect(request.statusCode).toBe(200);
    expect((request.json() as { content: string }).content).toContain(
      `/booking-requests/${demoBookingKeys.bookingRequest}`,
    );
  });

  it.each([
    [{ template: 'NO_SUCH_TEMPLATE', lang: 'en-AU' }, 400, 'VALIDATION_FAILED'],
    [{ template: 'ACCESS_OTP', lang: 'fr' }, 400, 'VALIDATION_FAILED'],
    [{ lang: 'en-AU' }, 400, 'VALIDATION_FAILED'],
    [{ template: 'ACCESS_OTP' }, 400, 'VALIDATION_FAILED'],
    [
      { template: 'ACCESS_OTP', lang: 'en-AU', referenceId: 'no-such-booking-key-000000000' },
      404,
      'EMAIL_PREVIEW_REFERENCE_NOT_FOUND',
    ],
  ])('refuses %j with %i %s', async (query, status, code) => {
    const response = await testApp.app.inject({ method: 'GET', url: url(query) });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });

  it('is in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.json().paths).toHaveProperty(['/api/notifications/preview_translated_email']);
  });
});

describe('in production', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };

  it('is off without EMAIL_PREVIEW_ENABLED', async () => {
    const app = await buildTestApp({ env: production });
    try {
      const response = await app.app.inject({
        method: 'GET',
        url: url({ template: 'ACCESS_OTP', lang: 'en-AU' }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('EMAIL_PREVIEW_DISABLED');
    } finally {
      await app.close();
    }
  });

  it('with EMAIL_PREVIEW_ENABLED=true shows sample data only, never a real booking', async () => {
    const app = await buildTestApp({ env: { ...production, EMAIL_PREVIEW_ENABLED: 'true' } });
    try {
      await seedDemoBookingsForTest(app.database.db, app.clock);
      const sample = await app.app.inject({
        method: 'GET',
        url: url({ template: 'ACCESS_OTP', lang: 'en-CA' }),
      });
      expect(sample.statusCode).toBe(200);
      expect((sample.json() as { content: string }).content).toContain('Hello Alex,');
      const real = await app.app.inject({
        method: 'GET',
        url: url({
          template: 'ACCESS_OTP',
          lang: 'en-AU',
          referenceId: demoBookingKeys.appointment,
        }),
      });
      expect(real.statusCode).toBe(403);
      expect(real.json().error.code).toBe('EMAIL_PREVIEW_REFERENCE_NOT_ALLOWED');
      expect(real.body).not.toContain(demoPatient.first_name);
    } finally {
      await app.close();
    }
  });
});
