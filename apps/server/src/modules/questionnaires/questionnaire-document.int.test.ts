import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { questionnaireErrorCodes } from '@portal/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
  signInWithOtp,
} from '../../../test/factories/authentication.ts';
import { patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import { bookableExamWithStarts } from '../../../test/factories/patient-portal.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { demoBookingFormAnswers, seedDemoAnswers } from '../../db/seed/demo-answers.ts';

const clock = fixedClock('2026-03-02T00:00:00Z');
const bookingKey = demoBookingKeys.appointment;
const url = `/api/secured/appointments/${bookingKey}/questionnaires/document`;
let testApp: TestApp;
let cookie: string;

/** The demo's booking form as config/questionnaires has it: what the patient read. */
const bookingForm = JSON.parse(
  readFileSync(
    new URL('../../../../../config/questionnaires/booking-form.json', import.meta.url),
    'utf8',
  ),
);
const question = (name: string, locale: 'default' | 'mk') =>
  bookingForm.survey.pages[0].elements.find((element: { name: string }) => element.name === name)
    .title[locale] as string;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
  await seedDemoBookingsForTest(testApp.database.db, clock);
  expect(await seedDemoAnswers(testApp.database.db, clock.now())).toBe(1);
  expect(await seedDemoAnswers(testApp.database.db, clock.now())).toBe(0);
  cookie = await signInWithOtp(testApp.app, testApp.database.db, {
    bookingKey,
    dateOfBirth: demoPatient.date_of_birth,
    remoteAddress: '198.51.100.40',
  });
});
afterAll(() => testApp?.close());

const get = (path: string, session?: string) =>
  testApp.app.inject({ method: 'GET', url: path, headers: session ? { cookie: session } : {} });

async function setPatientLocale(locale: 'mk' | null) {
  await testApp.database.db
    .updateTable('patients')
    .set({ locale })
    .where('email', '=', demoPatient.email)
    .execute();
}

describe('the answers document (viewQuestionnaire)', () => {
  it('is the demo appointment’s answered questions and answers as a PDF, audited', async () => {
    expect((await get(`${url}/status`, cookie)).json()).toEqual({ answeredQuestionnaires: 1 });
    const response = await get(url, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="questionnaire-answers.pdf"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Your questionnaire answers');

    const text = await pdfText(bytes);
    expect(text).toContain('A few details for your booking');
    expect(text).toMatch(/Form version \d+, answered Monday 2 March 2026 at 11:00 am AEDT/);
    expect(text).toContain('About: Bone density (DEXA) scan');
    expect(text).toContain('Patient: Jordan Sample');
    for (const [name, answer] of [
      ['referral', 'Yes, on paper'],
      ['hasMedicare', 'Yes'],
      ['interpreter', 'No'],
      ['assistance', demoBookingFormAnswers.assistance],
    ] as const) {
      expect(text).toContain(`${question(name, 'default')} ${answer}`);
    }
    // Hidden by its condition (no interpreter), so never answered: left out.
    expect(text).not.toContain(question('interpreterLanguage', 'default'));
    expect(text).not.toContain('paper,');

    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['details', 'subject_id'])
      .where('action', '=', 'patient-data.read')
      .execute();
    expect(
      audit.some(
        (row) =>
          // Audited under the key's hash, as every sign-in and read (authentication-model.ts).
          row.subject_id === createHash('sha256').update(bookingKey).digest('hex') &&
          JSON.stringify(row.details).includes('"appointment_questionnaire_document"'),
      ),
    ).toBe(true);
  });

  it('is written in the language the patient booked in (Macedonian, Cyrillic)', async () => {
    await setPatientLocale('mk');
    try {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getTitle()).toBe('Ваши одговори на прашалниците');
      const text = await pdfText(response.rawPayload);
      expect(text).toContain('Пациент: Jordan Sample');
      expect(text).toContain('Верзија на формуларот');
      expect(text).toContain('Страница 1 од 1');
      for (const [name, answer] of [
        ['referral', 'Да, на хартија'],
        ['hasMedicare', 'Да'],
        ['interpreter', 'Не'],
        ['assistance', demoBookingFormAnswers.assistance],
      ] as const) {
        expect(text).toContain(`${question(name, 'mk')} ${answer}`);
      }
    } finally {
      await setPatientLocale(null);
    }
  });

  it('gives another booking’s session nothing, and no session 401', async () => {
    const { exam, clinicSlug, starts } = await bookableExamWithStarts(testApp.app);
    const other = { bookingKey: await reserveBookingKey(testApp.app), cookie: '' };
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        bookingKey: other.bookingKey,
        items: [{ examSlug: exam.slug, clinicSlug, start: starts[0]! }],
        patientDetails: patientDetails(),
      },
    });
    expect(created.statusCode).toBe(201);
    other.cookie = await signInWithOtp(testApp.app, testApp.database.db, {
      bookingKey: other.bookingKey,
      dateOfBirth: patientDetails().dateOfBirth,
      remoteAddress: '198.51.100.41',
    });
    for (const path of [url, `${url}/status`]) {
      const refused = await get(path, other.cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).not.toContain('pdf');
      expect((await get(path)).statusCode).toBe(401);
    }

    // Its own booking has no answers: a count of 0 and a clear 404, no empty document.
    const own = `/api/secured/appointments/${other.bookingKey}/questionnaires/document`;
    expect((await get(`${own}/status`, other.cookie)).json()).toEqual({
      answeredQuestionnaires: 0,
    });
    const none = await get(own, other.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe(questionnaireErrorCodes.noAnswers);
  });

  it('is published in the OpenAPI document', async () => {
    const document = (await get('/api/openapi.json')).json();
    const path = '/api/secured/appointments/{bookingKey}/questionnaires/document';
    expect(Object.keys(document.paths[path].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '404']),
    );
    expect(document.paths[`${path}/status`].get).toBeDefined();
  });
});
