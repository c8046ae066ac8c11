import type { PatientChangeResponse, SupportedLocale } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { authenticate, sessionCookieOf } from '../../../test/factories/authentication.ts';
import {
  bookAndSignIn,
  bookableExamWithStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import {
  createShare,
  latestShareToken,
  signInForResults,
} from '../../../test/factories/results.ts';
import { type ReadMail, readMail } from '../../../test/mail-message.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createSmtpMailAdapter } from '../../adapters/mail.ts';
import { createDevOutboxSmsAdapter } from '../../adapters/sms.ts';
import { apiKeys } from '../integration/index.ts';
import { createOutboxWorker } from './index.ts';

// Messages the provider's side sends (a released report, a details decision, a share's
// notices) have no patient at a screen to take a language from: they go out in the language
// the patient booked in, else the provider's default (jsLocale), decision 035. Delivered over
// real SMTP and read back as a mail client shows them (Macedonian words are encoded on the wire).

const dateOfBirth = '1980-05-17';

/** The real app for a provider whose default language is `jsLocale`, its outbox sent to a sink. */
function providerPortal(jsLocale: SupportedLocale) {
  const clock = fixedClock('2026-03-02T00:00:00Z');
  const portal = {} as {
    testApp: TestApp;
    sink: SmtpSink;
    worker: ReturnType<typeof createOutboxWorker>;
    apiKey: string;
    book(email: string, locale?: SupportedLocale): ReturnType<typeof bookAndSignIn>;
  };
  beforeAll(async () => {
    const provider = providerWithPortal({});
    portal.testApp = await buildTestApp({
      clock,
      provider: { ...provider, application: { ...provider.application, jsLocale } },
    });
    portal.sink = await startSmtpSink();
    portal.worker = createOutboxWorker({
      db: portal.testApp.database.db,
      mail: createSmtpMailAdapter(portal.sink.url, 'Portal <no-reply@portal.test>'),
      sms: createDevOutboxSmsAdapter(),
      clock,
      channels: ['EMAIL'],
    });
    portal.apiKey = (await apiKeys({ db: portal.testApp.database.db, clock }).create('ris')).key;
    const { starts, exam, clinicSlug } = await bookableExamWithStarts(portal.testApp.app);
    let next = 0;
    portal.book = async (email, locale) => {
      const booked = await bookAndSignIn(portal.testApp.app, {
        examSlug: exam.slug,
        clinicSlug,
        start: starts[next++]!,
        patient: { email },
        ...(locale ? { locale } : {}),
      });
      await deliver(portal);
      return booked;
    };
  });
  afterAll(async () => {
    await portal.sink?.close();
    await portal.testApp?.close();
  });
  return { clock, portal };
}

type Portal = ReturnType<typeof providerPortal>['portal'];

/**
 * Sends what the outbox holds. Each step below delivers its own messages before the next
 * one, so a recipient's mail arrives in the order of the steps (one batch has no order).
 */
async function deliver(portal: Portal) {
  while ((await portal.worker.runOnce()).claimed > 0) {}
}

/** Everything delivered to `recipient` so far, oldest first, as read in a mail client. */
function mailTo(portal: Portal, recipient: string): ReadMail[] {
  return portal.sink.received.map(readMail).filter((mail) => mail.to === recipient);
}

/** The provider's systems complete the appointment and release its report. */
async function releaseReport(
  portal: Portal,
  booked: { bookingKey: string; appointmentId: string },
) {
  const { app, database, clock } = portal.testApp;
  await database.db
    .updateTable('appointments')
    .set({ status: 'COMPLETED', ended_at: clock.now() })
    .where('id', '=', booked.appointmentId)
    .execute();
  const released = await app.inject({
    method: 'PUT',
    url: `/api/integration/bookings/${booked.bookingKey}/appointments/${booked.appointmentId}/result`,
    headers: { authorization: `Bearer ${portal.apiKey}` },
    payload: { reportTitle: 'Bone density: report', reportText: 'Normal for age.' },
  });
  expect(released.statusCode, released.body).toBe(200);
  await deliver(portal);
}

/** The patient asks for another phone number (one per decision); the provider decides. */
async function decideChange(
  portal: Portal,
  booked: { bookingKey: string; cookie: string },
  decision: 'accept' | 'reject',
) {
  const { app } = portal.testApp;
  const asked = await app.inject({
    method: 'POST',
    url: `/api/secured/appointments/${booked.bookingKey}/patient_change_requests`,
    headers: { cookie: booked.cookie },
    payload: {
      origin: 'APPOINTMENT',
      changes: { contactNumber: decision === 'accept' ? '0422 222 222' : '0433 333 333' },
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = (asked.json() as PatientChangeResponse).pendingRequest!.id;
  const decided = await app.inject({
    method: 'POST',
    url: `/api/integration/patient_change_requests/${id}/${decision}`,
    headers: { authorization: `Bearer ${portal.apiKey}` },
    ...(decision === 'reject' ? { payload: { note: 'Please call us.' } } : {}),
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await deliver(portal);
}

const storedLocale = async (portal: Portal, bookingKey: string) =>
  (
    await portal.testApp.database.db
      .selectFrom('appointments')
      .innerJoin('patients', 'patients.id', 'appointments.patient_id')
      .select('patients.locale')
      .where('appointments.booking_key', '=', bookingKey)
      .executeTakeFirstOrThrow()
  ).locale;

describe('a provider whose default language is en-AU', () => {
  const { clock, portal } = providerPortal('en-AU');

  it('writes the released report and both details decisions in Macedonian to a patient who booked in mk', async () => {
    const email = 'mk.patient@example.org';
    const booked = await portal.book(email, 'mk');
    await releaseReport(portal, booked);
    await decideChange(portal, booked, 'accept');
    await decideChange(portal, booked, 'reject');

    const [confirmation, released, accepted, rejected, ...more] = mailTo(portal, email);
    expect(more).toEqual([]);
    expect(confirmation?.subject).toContain('Вашиот термин е потврден');
    expect(released?.subject).toContain('вашите наоди се подготвени');
    expect(released?.text).toContain('Здраво Alex,');
    expect(released?.text).toContain('Извештајот за вашиот преглед');
    expect(released?.html).toContain('Прочитајте ги вашите наоди');
    expect(accepted?.subject).toContain('Вашите податоци се ажурирани');
    expect(accepted?.text).toContain('Ги ажуриравме вашите податоци како што побаравте');
    expect(rejected?.subject).toContain('Вашето барање за промена на податоците не е прифатено');
    expect(rejected?.text).toContain('Please call us.');
    for (const mail of [released, accepted, rejected]) {
      expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/Hello|Your |your results/);
    }
  });

  it('writes a share to its recipient, and the notice that it was opened, in the sharing patient’s mk', async () => {
    const email = 'mk.sharer@example.org';
    const booked = await portal.book(email, 'mk');
    await releaseReport(portal, booked);
    const signedIn = await authenticate(portal.testApp.app, {
      bookingKey: booked.bookingKey,
      dateOfBirth,
      authenticationType: 'APPOINTMENT_RESULTS',
    });
    const cookie = sessionCookieOf(signedIn)!;
    const shared = await createShare(portal.testApp.app, cookie, booked.bookingKey, {
      type: 'RESULT',
      appointmentId: booked.appointmentId,
      contactDetails: 'friend.of.mk@example.org',
      contactDetailsType: 'EMAIL',
      contactName: 'Sam',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    await deliver(portal);
    const [link] = mailTo(portal, 'friend.of.mk@example.org');
    expect(link?.subject).toContain('Alex сподели снимски наод со вас');

    const token = await latestShareToken(portal.testApp.database.db);
    const recipient = await signInForResults(
      portal.testApp.app,
      portal.testApp.database.db,
      clock,
      {
        bookingKey: token,
        dateOfBirth,
        remoteAddress: '203.0.113.40',
        shared: true,
      },
    );
    const read = await portal.testApp.app.inject({
      method: 'GET',
      url: `/api/secured/shared/${token}/result`,
      headers: { cookie: recipient },
    });
    expect(read.statusCode, read.body).toBe(200);
    await deliver(portal);
    const notice = mailTo(portal, email).at(-1);
    expect(notice?.subject).toContain('вашите споделени наоди беа отворени');
    expect(notice?.text).toContain('Sam ги отвори наодите што ги споделивте');
  });

  it('writes them in the provider’s default to a patient whose booking named no language', async () => {
    const email = 'no.locale@example.org';
    const booked = await portal.book(email);
    expect(await storedLocale(portal, booked.bookingKey)).toBeNull();
    await releaseReport(portal, booked);
    await decideChange(portal, booked, 'accept');

    const [confirmation, released, accepted] = mailTo(portal, email);
    expect(confirmation?.subject).toContain('Your appointment is confirmed');
    expect(released?.subject).toContain('your results are ready');
    expect(released?.text).toContain('Hello Alex,');
    expect(accepted?.subject).toContain('Your details were updated');
  });
});

describe('a provider whose default language is mk', () => {
  const { portal } = providerPortal('mk');

  it('writes to a patient whose booking named no language in mk, and to one who booked in en-AU in English', async () => {
    const unknown = await portal.book('unknown.language@example.org');
    const english = await portal.book('en.patient@example.org', 'en-AU');
    expect(await storedLocale(portal, english.bookingKey)).toBe('en-AU');
    for (const booked of [unknown, english]) {
      await releaseReport(portal, booked);
      await decideChange(portal, booked, 'reject');
    }

    // The booking's own confirmation too: the request named no language either.
    const [confirmation, released, rejected] = mailTo(portal, 'unknown.language@example.org');
    expect(confirmation?.subject).toContain('Вашиот термин е потврден');
    expect(released?.subject).toContain('вашите наоди се подготвени');
    expect(rejected?.subject).toContain('Вашето барање за промена на податоците не е прифатено');
    const [, inEnglish, rejectedInEnglish] = mailTo(portal, 'en.patient@example.org');
    expect(inEnglish?.subject).toContain('your results are ready');
    expect(rejectedInEnglish?.subject).toContain('Your details change request was not accepted');
  });
});
