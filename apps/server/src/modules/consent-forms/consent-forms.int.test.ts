import { fileURLToPath } from 'node:url';
import type { AppointmentConsentForm } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  authenticate,
  latestOtp,
  sessionCookieOf,
  validateOtp,
} from '../../../test/factories/authentication.ts';
import { listSlots, patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { type ConsentFormConfig, loadConsentFormConfig, syncConsentForms } from './index.ts';

const configDir = fileURLToPath(new URL('../../../../../config', import.meta.url));
const clock = fixedClock('2026-03-02T00:00:00Z');
const dateOfBirth = patientDetails().dateOfBirth;
const userAgent = 'ConsentTest/1.0 (fictional browser)';
let testApp: TestApp;
let configs: ConsentFormConfig[];

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  configs = loadConsentFormConfig(configDir);
  await syncConsentForms(testApp.database.db, configs, clock.now());
});
afterAll(() => testApp?.close());

const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
  });

/** Books the first free slot of the exam; returns the key and the appointment id. */
async function book(examSlug: string) {
  const clinics = await inject('GET', `/api/clinics?examSlugs=${examSlug}`);
  const clinicSlug = clinics.json().clinics[0].slug as string;
  const slots = await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-03', '2026-03-20');
  const bookingKey = await reserveBookingKey(testApp.app);
  const created = await inject('POST', '/api/appointments', undefined, {
    bookingKey,
    items: [{ examSlug, clinicSlug, start: slots[0]!.start }],
    patientDetails: patientDetails(),
  });
  expect(created.statusCode).toBe(201);
  const row = await testApp.database.db
    .selectFrom('appointments')
    .select('id')
    .where('booking_key', '=', bookingKey)
    .executeTakeFirstOrThrow();
  return { bookingKey, appointmentId: row.id };
}

/** Date of birth, then the OTP from the outbox: an AUTHENTICATED session cookie. */
async function signIn(bookingKey: string) {
  const first = await authenticate(testApp.app, { bookingKey, dateOfBirth });
  expect(first.json().success).toBe(true);
  const cookie = sessionCookieOf(first);
  if (!first.json().otpRequired) return cookie!;
  const validated = await validateOtp(testApp.app, cookie, {
    otp: await latestOtp(testApp.database.db),
    bookingKey,
  });
  expect(validated.json().success).toBe(true);
  return sessionCookieOf(validated) ?? cookie!;
}

const url = (bookingKey: string) => `/api/secured/appointments/${bookingKey}/consent_forms`;

async function forms(bookingKey: string, cookie: string): Promise<AppointmentConsentForm[]> {
  const response = await inject('GET', url(bookingKey), cookie);
  expect(response.statusCode).toBe(200);
  return response.json().appointmentConsentForms;
}

const goodAnswers = {
  agreeImaging: ['agree'],
  agreePrivacy: ['agree'],
  fullName: ' Alex Example ',
};

const count = async (table: 'consent_form_signatures' | 'outbox_messages') =>
  Number(
    (
      await testApp.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('consent forms of an appointment', () => {
  it("lists the form the appointment's exam needs, only to a session of this key", async () => {
    const mine = await book('bone-density-scan');
    const other = await book('knee-x-ray');
    expect((await inject('GET', url(mine.bookingKey))).statusCode).toBe(401);
    const otherCookie = await signIn(other.bookingKey);
    expect((await inject('GET', url(mine.bookingKey), otherCookie)).statusCode).toBe(401);
    const refused = await inject('POST', url(mine.bookingKey), otherCookie, {
      appointmentId: mine.appointmentId,
      consentFormId: crypto.randomUUID(),
      version: 1,
      answers: goodAnswers,
    });
    expect(refused.statusCode).toBe(401);
    // An exam no form is attached to needs none.
    expect(await forms(other.bookingKey, otherCookie)).toEqual([]);

    const cookie = await signIn(mine.bookingKey);
    const [form, ...rest] = await forms(mine.bookingKey, cookie);
    expect(rest).toEqual([]);
    expect(form).toMatchObject({
      appointmentId: mine.appointmentId,
      slug: 'imaging-and-privacy',
      version: 1,
      title: 'Consent to imaging and privacy',
      status: 'TO_SIGN',
      signature: null,
    });
    expect(JSON.stringify(form!.definition)).toContain('fullName');
    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'patient-data.read')
      .execute();
    expect(
      audit.some((row) => JSON.stringify(row.details).includes('appointment_consent_forms')),
    ).toBe(true);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const { bookingKey, appointmentId } = await book('bone-density-scan');
    const cookie = await signIn(bookingKey);
    const [form] = await forms(bookingKey, cookie);
    const contrast = (
      await testApp.database.db
        .selectFrom('consent_forms')
        .select('id')
        .where('slug', '=', 'contrast-consent')
        .executeTakeFirstOrThrow()
    ).id;
    const signatures = await count('consent_form_signatures');
    const messages = await count('outbox_messages');
    const base = { appointmentId, consentFormId: form!.consentFormId, version: 1 };
    const cases: Array<[unknown, number, string | null]> = [
      [
        { ...base, answers: { ...goodAnswers, fullName: undefined } },
        400,
        'CONSENT_FORM_INVALID_ANSWERS',
      ],
      [
        { ...base, answers: { ...goodAnswers, agreeImaging: [] } },
        400,
        'CONSENT_FORM_INVALID_ANSWERS',
      ],
      [
        { ...base, answers: { ...goodAnswers, agreeImaging: true } },
        400,
        'CONSENT_FORM_INVALID_ANSWERS',
      ],
      [
        { ...base, answers: { ...goodAnswers, agreePrivacy: ['maybe'] } },
        400,
        'CONSENT_FORM_INVALID_ANSWERS',
      ],
      [
        { ...base, answers: { ...goodAnswers, injected: 'x' } },
        400,
        'CONSENT_FORM_INVALID_ANSWERS',
      ],
      [
        { ...base, answers: { ...goodAnswers, fullName: 'x'.repeat(201) } },
        400,
        'CONSENT_FORM_INVALID_ANSWERS',
      ],
      [{ ...base, answers: 'not an object' }, 400, null],
      [{ ...base, answers: { big: 'x'.repeat(20_001) } }, 400, null],
      [{ ...base }, 400, null],
      [{ ...base, version: 2, answers: goodAnswers }, 409, 'CONSENT_FORM_VERSION_CHANGED'],
      [{ ...base, consentFormId: contrast, answers: goodAnswers }, 404, 'CONSENT_FORM_UNKNOWN'],
      [
        { ...base, consentFormId: crypto.randomUUID(), answers: goodAnswers },
        404,
        'CONSENT_FORM_UNKNOWN',
      ],
      [
        { ...base, appointmentId: crypto.randomUUID(), answers: goodAnswers },
        404,
        'CONSENT_FORM_UNKNOWN',
      ],
      [{ ...base, appointmentId: 'not-a-uuid', answers: goodAnswers }, 400, null],
    ];
    for (const [body, status, code] of cases) {
      const response = await inject('POST', url(bookingKey), cookie, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(status);
      if (code) expect(response.json().error.code).toBe(code);
    }
    expect(await count('consent_form_signatures')).toBe(signatures);
    expect(await count('outbox_messages')).toBe(messages);
    expect((await forms(bookingKey, cookie))[0]!.status).toBe('TO_SIGN');
  });

  it('signs once: who, how, when, from where, the version and a verifiable hash', async () => {
    const { bookingKey, appointmentId } = await book('bone-density-scan');
    const cookie = await signIn(bookingKey);
    const [form] = await forms(bookingKey, cookie);
    const body = {
      appointmentId,
      consentFormId: form!.consentFormId,
      version: 1,
      answers: goodAnswers,
    };
    const signed = await inject('POST', url(bookingKey), cookie, body);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().notifyPatient).toBe(true);
    const [entry] = signed.json().appointmentConsentForms as AppointmentConsentForm[];
    expect(entry).toMatchObject({
      status: 'SIGNED',
      version: 1,
      signature: {
        signedAt: clock.now().toISOString(),
        signerName: 'Alex Example',
        verified: true,
        answers: { agreeImaging: ['agree'], agreePrivacy: ['agree'], fullName: ' Alex Example ' },
      },
    });
    expect(await forms(bookingKey, cookie)).toEqual(signed.json().appointmentConsentForms);

    const row = await testApp.database.db
      .selectFrom('consent_form_signatures')
      .innerJoin('appointments', 'appointments.id', 'consent_form_signatures.appointment_id')
      .select([
        'consent_form_signatures.patient_id',
        'appointments.patient_id as appointmentPatient',
        'authentication_type',
        'otp_verified',
        'user_agent',
        'client_address',
        'signature_hash',
        'definition_hash',
      ])
      .where('appointment_id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    expect(row.patient_id).toBe(row.appointmentPatient);
    expect(row).toMatchObject({
      authentication_type: 'APPOINTMENT',
      otp_verified: true,
      user_agent: userAgent,
      client_address: '127.0.0.1',
    });
    expect(row.signature_hash).toMatch(/^[0-9a-f]{64}$/);

    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['details', 'actor'])
      .where('action', '=', 'consent-form.signed')
      .where(sql<boolean>`details->>'appointmentId' = ${appointmentId}`)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ signatureHash: row.signature_hash, otpVerified: true });
    expect(JSON.stringify(audit.details)).not.toContain('Alex');
    expect(JSON.stringify(audit.details)).not.toContain('agree');

    const notice = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'body_text'])
      .where('template', '=', 'consent-form-signed')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.recipient.toLowerCase()).toBe('alex.example@example.org');
    expect(notice.body_text).toContain(row.signature_hash.slice(0, 16));
    expect(notice.body_text).not.toContain('Alex Example');

    const again = await inject('POST', url(bookingKey), cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONSENT_FORM_ALREADY_SIGNED');
  });

  it('shows a signed form unchanged after its definition changes, and its hash still verifies', async () => {
    const first = await book('bone-density-scan');
    const cookie = await signIn(first.bookingKey);
    const [before] = await forms(first.bookingKey, cookie);
    const signed = await inject('POST', url(first.bookingKey), cookie, {
      appointmentId: first.appointmentId,
      consentFormId: before!.consentFormId,
      version: before!.version,
      answers: goodAnswers,
    });
    expect(signed.statusCode).toBe(200);
    const signedEntry = (signed.json().appointmentConsentForms as AppointmentConsentForm[])[0]!;

    // The provider edits the form: new wording, a new question; the sync makes version 2.
    const edited = configs.map((config) =>
      config.slug === 'imaging-and-privacy'
        ? {
            ...config,
            title: 'Imaging, privacy and research consent',
            survey: {
              ...config.survey,
              pages: config.survey.pages.map((page) => ({
                ...page,
                elements: [
                  ...page.elements,
                  {
                    type: 'boolean' as const,
                    name: 'research',
                    title: 'May we use your images for research?',
                    isRequired: true,
                  },
                ],
              })),
            },
          }
        : config,
    );
    const sync = await syncConsentForms(testApp.database.db, edited, clock.now());
    expect(sync.updated).toEqual(['imaging-and-privacy']);

    const [after] = await forms(first.bookingKey, cookie);
    expect(after).toEqual(signedEntry);
    expect(after!.title).toBe('Consent to imaging and privacy');
    expect(JSON.stringify(after!.definition)).not.toContain('research');
    expect(after!.signature!.verified).toBe(true);

    // A new appointment signs the current version.
    const second = await book('bone-density-scan');
    const secondCookie = await signIn(second.bookingKey);
    const [fresh] = await forms(second.bookingKey, secondCookie);
    expect(fresh).toMatchObject({ version: 2, status: 'TO_SIGN' });
    expect(fresh!.title).toBe('Imaging, privacy and research consent');
    // The old version is refused now; the new one needs its new question.
    const old = await inject('POST', url(second.bookingKey), secondCookie, {
      appointmentId: second.appointmentId,
      consentFormId: fresh!.consentFormId,
      version: 1,
      answers: goodAnswers,
    });
    expect(old.statusCode).toBe(409);
    const missing = await inject('POST', url(second.bookingKey), secondCookie, {
      appointmentId: second.appointmentId,
      consentFormId: fresh!.consentFormId,
      version: 2,
      answers: goodAnswers,
    });
    expect(missing.statusCode).toBe(400);
    const ok = await inject('POST', url(second.bookingKey), secondCookie, {
      appointmentId: second.appointmentId,
      consentFormId: fresh!.consentFormId,
      version: 2,
      answers: { ...goodAnswers, research: false },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().appointmentConsentForms[0].signature.verified).toBe(true);

    // The files as they are again (the other tests' definition): version 3, same text as 1.
    await syncConsentForms(testApp.database.db, configs, clock.now());
  });

  it('a changed stored answer or version text no longer verifies', async () => {
    const { bookingKey, appointmentId } = await book('bone-density-scan');
    const cookie = await signIn(bookingKey);
    const [form] = await forms(bookingKey, cookie);
    const signed = await inject('POST', url(bookingKey), cookie, {
      appointmentId,
      consentFormId: form!.consentFormId,
      version: form!.version,
      answers: goodAnswers,
    });
    expect(signed.statusCode).toBe(200);
    const db = testApp.database.db;

    // Rows are immutable to ordinary statements...
    await expect(
      sql`UPDATE consent_form_signatures SET answers = '{}' WHERE appointment_id = ${appointmentId}`.execute(
        db,
      ),
    ).rejects.toThrow(/never changed/);
    // ...so tampering has to switch the trigger off first; the hash still shows it.
    await db.transaction().execute(async (tx) => {
      await sql`ALTER TABLE consent_form_signatures DISABLE TRIGGER consent_form_signatures_immutable`.execute(
        tx,
      );
      await sql`UPDATE consent_form_signatures
        SET answers = jsonb_set(answers, '{fullName}', '"Someone Else"')
        WHERE appointment_id = ${appointmentId}`.execute(tx);
      await sql`ALTER TABLE consent_form_signatures ENABLE TRIGGER consent_form_signatures_immutable`.execute(
        tx,
      );
    });
    const [tampered] = await forms(bookingKey, cookie);
    expect(tampered!.signature).toMatchObject({ verified: false });
    expect(tampered!.signature!.answers.fullName).toBe('Someone Else');
  });

  it('refuses cancelled and completed appointments and lists no forms for them', async () => {
    for (const status of ['CANCELED', 'COMPLETED'] as const) {
      const { bookingKey, appointmentId } = await book('bone-density-scan');
      const cookie = await signIn(bookingKey);
      const [form] = await forms(bookingKey, cookie);
      await testApp.database.db
        .updateTable('appointments')
        .set({ status })
        .where('id', '=', appointmentId)
        .execute();
      const response = await inject('POST', url(bookingKey), cookie, {
        appointmentId,
        consentFormId: form!.consentFormId,
        version: form!.version,
        answers: goodAnswers,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('CONSENT_FORM_APPOINTMENT_NOT_ACTIVE');
      expect(await forms(bookingKey, cookie)).toEqual([]);
    }
  });

  it('keeps listing a signed form, read-only, once the appointment is completed or cancelled', async () => {
    for (const status of ['COMPLETED', 'CANCELED'] as const) {
      const { bookingKey, appointmentId } = await book('bone-density-scan');
      const cookie = await signIn(bookingKey);
      const [form] = await forms(bookingKey, cookie);
      const signed = await inject('POST', url(bookingKey), cookie, {
        appointmentId,
        consentFormId: form!.consentFormId,
        version: form!.version,
        answers: goodAnswers,
      });
      expect(signed.statusCode).toBe(200);
      await testApp.database.db
        .updateTable('appointments')
        .set({ status })
        .where('id', '=', appointmentId)
        .execute();
      const [after, ...rest] = await forms(bookingKey, cookie);
      expect(rest).toEqual([]);
      expect(after).toMatchObject({
        appointmentId,
        consentFormId: form!.consentFormId,
        status: 'SIGNED',
        signature: { verified: true, answers: goodAnswers },
      });
    }
  });
});
