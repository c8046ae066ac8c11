import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
  signInWithOtp,
} from '../../../test/factories/authentication.ts';
import { fixedClock } from '../../adapters/clock.ts';
import {
  createAppointmentQuestionnaireCheck,
  currentReferrerFeedbackQuestionnaire,
  loadQuestionnaireConfig,
  syncQuestionnaires,
} from './index.ts';
import { listCurrentDefinitions } from './questionnaires.repository.ts';

/**
 * Questionnaires meant for referrers (audience REFERRER, decision 033): the report-quality
 * feedback page asks them; no listing for patients does, not even the kiosk's and the patient
 * portal's FEEDBACK step, which ask any general FEEDBACK questionnaire otherwise.
 */
const configDir = fileURLToPath(new URL('../../../../../config', import.meta.url));
const demo = loadQuestionnaireConfig(configDir);
const withoutPatientFeedback = demo.filter((config) => config.slug !== 'feedback');
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let appointmentId: string;

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  await seedDemoBookingsForTest(testApp.database.db, clock);
  appointmentId = (
    await testApp.database.db
      .selectFrom('appointments')
      .select('id')
      .where('booking_key', '=', demoBookingKeys.appointment)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await testApp?.close();
});

describe('the audience of a questionnaire', () => {
  it('is synced with the definition; a change of audience alone is no new version', async () => {
    const db = testApp.database.db;
    await syncQuestionnaires(db, demo, clock.now());
    const stored = await db
      .selectFrom('questionnaires')
      .select(['slug', 'audience', 'current_version'])
      .where('slug', 'in', ['report-quality', 'feedback'])
      .orderBy('slug')
      .execute();
    expect(stored).toEqual([
      { slug: 'feedback', audience: 'PATIENT', current_version: 1 },
      { slug: 'report-quality', audience: 'REFERRER', current_version: 1 },
    ]);
    const patients = demo.map((config) =>
      config.slug === 'report-quality' ? { ...config, audience: 'PATIENT' as const } : config,
    );
    expect(await syncQuestionnaires(db, patients, clock.now())).toEqual({
      created: [],
      updated: [],
      deactivated: [],
    });
    expect(
      (await listCurrentDefinitions(db)).find((row) => row.slug === 'report-quality'),
    ).toMatchObject({ audience: 'PATIENT', version: 1 });
    await syncQuestionnaires(db, demo, clock.now());
    expect((await listCurrentDefinitions(db)).some((row) => row.slug === 'report-quality')).toBe(
      false,
    );
    expect((await listCurrentDefinitions(db, 'REFERRER')).map((row) => row.slug)).toEqual([
      'report-quality',
    ]);
    expect((await currentReferrerFeedbackQuestionnaire(db))?.questionnaire).toMatchObject({
      slug: 'report-quality',
      type: 'FEEDBACK',
      general: true,
    });
  });

  it("is never picked for the kiosk's or the patient portal's FEEDBACK step", async () => {
    const db = testApp.database.db;
    const feedbackDue = createAppointmentQuestionnaireCheck({ db, clock });
    // With the patients' own general FEEDBACK questionnaire, the step is due (the control)...
    await syncQuestionnaires(db, demo, clock.now());
    expect(await feedbackDue(demoBookingKeys.appointment, appointmentId, 'FEEDBACK')).toBe(true);
    // ...and with only the referrers' general FEEDBACK questionnaire left, it is not.
    await syncQuestionnaires(db, withoutPatientFeedback, clock.now());
    expect(await feedbackDue(demoBookingKeys.appointment, appointmentId, 'FEEDBACK')).toBe(false);

    // The patient's own listing of their appointment's questionnaires does not show it either.
    const cookie = await signInWithOtp(testApp.app, db, {
      bookingKey: demoBookingKeys.appointment,
      dateOfBirth: demoPatient.date_of_birth,
      remoteAddress: '10.72.0.1',
    });
    const listing = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${demoBookingKeys.appointment}/questionnaires`,
      headers: { cookie },
    });
    expect(listing.statusCode, listing.body).toBe(200);
    const slugs = listing.json().questionnaires.map((q: { slug: string }) => q.slug);
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs).not.toContain('report-quality');
    await syncQuestionnaires(db, demo, clock.now());
  });

  it('is REFERRER only for a FEEDBACK questionnaire (a start-up problem otherwise)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'questionnaire-audience-'));
    try {
      mkdirSync(join(dir, 'questionnaires'));
      const reportQuality = demo.find((config) => config.slug === 'report-quality');
      const { order, outcomes, ...file } = reportQuality!;
      writeFileSync(
        join(dir, 'questionnaires', 'referrer-routing.json'),
        JSON.stringify({ ...file, slug: 'referrer-routing', type: 'MODALITY_ROUTING', order }),
      );
      expect(outcomes).toEqual([]);
      expect(() => loadQuestionnaireConfig(dir)).toThrow(
        /audience: a MODALITY_ROUTING questionnaire cannot be for referrers/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
