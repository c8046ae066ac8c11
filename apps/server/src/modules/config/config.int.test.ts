import {
  applicationConfigResponseSchema,
  bodyFigureConfigSchema,
  bookingConfigSchema,
  contactClinicListSchema,
  integrationConfigSchema,
  radiologyConfigSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider, type TestApp } from '../../../test/build-test-app.ts';
import { buildConfigService } from './index.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ env: { PORTAL_PROFILES: 'staging,demo', READ_ONLY: 'true' } });
});
afterAll(() => testApp?.close());

async function getJson(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

// The field names of each configuration (docs/product/shell-and-configuration.md#configuration).
const specFields = {
  application: [
    'jsLocale',
    'metaTitle',
    'metaDescription',
    'metaFbDescription',
    'metaKeywords',
    'googleVerificationId',
    'googleVerificationEnabled',
    'googleAnalyticsEnabled',
    'googleTagManagerId',
    'facebookTrackingEnabled',
    'facebookTrackingId',
    'questionnaireCss',
    'kioskNoActivitySeconds',
    'showLinkToAdminPanel',
    'versionOnPatientPortalEnabled',
    'referrerReportQualityFeedbackEnabled',
    'referrerReportQualityFeedbackRedirectUrl',
    'azureClientId',
    'azureUrlWithTenantId',
    'otpSecondsBetweenRequests',
    'patientPortalBackgroundImageEnabled',
    'heatmapEnabled',
    'heatmapId',
    'selfHostedAnalyticsUrl',
    'selfHostedAnalyticsId',
  ],
  integration: ['sentryDSN', 'mapsKey', 'chatWidgetUrl'],
  bodyFigure: [
    'gradientColor',
    'bodyPartHoverColor',
    'bodyPartHoverTransitionTime',
    'bodyPartsCss',
  ],
  radiology: [
    'name',
    'code',
    'longName',
    'domainAdmin',
    'aboutUrl',
    'contactUrl',
    'termsAndConditionsUrl',
    'privacyPolicyUrl',
    'confirmationHeaderUrl',
    'about',
    'contact',
    'customFooter',
    'showCustomHeaderAndFooter',
    'showMenuOnConfirmationPage',
    'poweredByEnabled',
    'bannerPositionCss',
    'closeBanner',
    'showUnableToLocateWindow',
  ],
  booking: ['bookingRequestsDownloadReferralEnabled', 'validReferralContentTypes'],
};

describe('GET /api/config/*', () => {
  it('application config carries every spec field plus the server facts', async () => {
    const body = await getJson('/api/config/application');
    for (const field of specFields.application) expect(body).toHaveProperty(field);
    expect(applicationConfigResponseSchema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      activeProfiles: ['staging', 'demo'],
      production: false,
      readOnly: true,
      version: '0.0.0-test',
      metaTitle: '| Book medical imaging online',
    });
    expect(body.theme.primaryColor).toBe('#00557f');
  });

  it('integration config has the sentry and maps keys and the chat URL', async () => {
    const body = await getJson('/api/config/integration');
    for (const field of specFields.integration) expect(body).toHaveProperty(field);
    expect(integrationConfigSchema.parse(body).sentryDSN).toEqual({ key: null });
  });

  it('body-figure config', async () => {
    const body = await getJson('/api/config/body-figure');
    for (const field of specFields.bodyFigure) expect(body).toHaveProperty(field);
    expect(bodyFigureConfigSchema.parse(body).bodyPartHoverTransitionTime).toBe(200);
  });

  it('radiology config names the provider and serves sanitized HTML', async () => {
    const body = await getJson('/api/config/radiology');
    for (const field of specFields.radiology) expect(body).toHaveProperty(field);
    const radiology = radiologyConfigSchema.parse(body);
    expect(radiology).toMatchObject({ name: 'Southern Cross Imaging', code: 'SCI' });
    expect(radiology.about).toContain('<p>');
  });

  it('booking config', async () => {
    const body = bookingConfigSchema.parse(await getJson('/api/config/booking'));
    expect(body.validReferralContentTypes).toContain('application/pdf');
    expect(body.bookingRequestsDownloadReferralEnabled).toBe(true);
  });

  it('terms are HTML text', async () => {
    const body = await getJson('/api/config/terms');
    expect(body.html).toContain('<h2>Terms of use</h2>');
    expect(body.html).not.toMatch(/<script/i);
  });

  it('contact lists the active seeded clinics with opening hours, region by region', async () => {
    const clinics = contactClinicListSchema.parse(await getJson('/api/config/contact'));
    expect(clinics).toHaveLength(12);
    const slugs = clinics.map((clinic) => clinic.slug);
    expect(slugs).toContain('parramatta');
    expect(slugs).toContain('joondalup');
    // Hurstville is seeded inactive.
    expect(slugs).not.toContain('hurstville');
    expect(new Set(clinics.map((clinic) => clinic.timeZone))).toEqual(
      new Set(['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Perth']),
    );
    const regions = clinics.map((clinic) => clinic.regionName);
    expect(regions.indexOf('Perth')).toBeGreaterThan(regions.lastIndexOf('Sydney'));
    const parramatta = clinics.find((clinic) => clinic.slug === 'parramatta')!;
    expect(parramatta.openingHours).toContainEqual({ weekday: 1, opens: '07:30', closes: '17:30' });
    expect(parramatta.openingHours).toContainEqual({ weekday: 6, opens: '08:00', closes: '12:30' });
  });

  it('contact is empty, not an error, when no clinic exists', async () => {
    await testApp.database.db.updateTable('clinics').set({ active: false }).execute();
    try {
      expect(await getJson('/api/config/contact')).toEqual([]);
    } finally {
      await testApp.database.db
        .updateTable('clinics')
        .set({ active: true })
        .where('slug', '!=', 'hurstville')
        .execute();
    }
  });
});

describe('provider configuration snapshot', () => {
  it('writes the live configuration to the database, replacing the previous one', async () => {
    const service = buildConfigService({
      db: testApp.database.db,
      provider: demoProvider(),
      runtime: {
        activeProfiles: [],
        production: false,
        readOnly: false,
        version: 'x',
        embedOrigins: [],
      },
      clock: testApp.clock,
    });
    await service.publishSnapshot();
    await service.publishSnapshot();
    const rows = await testApp.database.db
      .selectFrom('provider_configurations')
      .select(['name', 'value', 'loaded_at'])
      .orderBy('name')
      .execute();
    expect(rows.map((row) => row.name)).toEqual([
      'application',
      'body-figure',
      'booking',
      'integration',
      'radiology',
      'terms',
    ]);
    const radiology = rows.find((row) => row.name === 'radiology')!;
    expect(radiology.value).toMatchObject({ code: 'SCI' });
    expect(radiology.loaded_at.toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});
