import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  demoBookingKeys,
  demoPatient,
  seedDemoBookingsForTest,
} from '../../../test/factories/authentication.ts';
import { listSlots, patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

/** Messages about a booking are written in the language the patient booked in (decision 032). */
const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan';
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let slots: string[];

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  slots = (await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-03', '2026-03-06')).map(
    (slot) => slot.start,
  );
});
afterAll(() => testApp?.close());

const post = (url: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object });

const messagesTo = (recipient: string) =>
  testApp.database.db
    .selectFrom('outbox_messages')
    .select(['channel', 'template', 'subject', 'body_text as bodyText'])
    .where('recipient', '=', recipient)
    .orderBy('created_at')
    .execute();

const localeOf = async (bookingKey: string) =>
  (
    await testApp.database.db
      .selectFrom('appointments')
      .innerJoin('patients', 'patients.id', 'appointments.patient_id')
      .select('patients.locale')
      .where('appointments.booking_key', '=', bookingKey)
      .executeTakeFirstOrThrow()
  ).locale;

describe('the locale of a booking', () => {
  it('stores the locale sent with the booking and writes its confirmation in it', async () => {
    const key = await reserveBookingKey(testApp.app);
    const email = 'mk.patient@example.org';
    const booked = await post('/api/appointments', {
      bookingKey: key,
      items: [{ examSlug, clinicSlug, start: slots[0] }],
      patientDetails: patientDetails({ email }),
      locale: 'mk',
    });
    expect(booked.statusCode).toBe(201);
    expect(await localeOf(key)).toBe('mk');
    const [mail] = await messagesTo(email);
    expect(mail?.subject).toContain('Вашиот термин е потврден');
    expect(mail?.bodyText).toContain('Здраво Alex,');
    const sms = await testApp.database.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('channel', '=', 'SMS')
      .where('body_text', 'like', `%${key}%`)
      .executeTakeFirstOrThrow();
    expect(sms.body_text).toContain('Вашиот термин е закажан.');
  });

  it('stores none without a locale (the provider’s en-AU writes), and refuses one not of the five', async () => {
    const key = await reserveBookingKey(testApp.app);
    const email = 'default.patient@example.org';
    const booked = await post('/api/appointments', {
      bookingKey: key,
      items: [{ examSlug, clinicSlug, start: slots[1] }],
      patientDetails: patientDetails({ email }),
    });
    expect(booked.statusCode).toBe(201);
    // Unknown, not en-AU: later messages take the provider's default then (migration 029).
    expect(await localeOf(key)).toBeNull();
    expect((await messagesTo(email))[0]?.subject).toContain('Your appointment is confirmed');

    const other = await reserveBookingKey(testApp.app);
    const refused = await post('/api/appointments', {
      bookingKey: other,
      items: [{ examSlug, clinicSlug, start: slots[2] }],
      patientDetails: patientDetails({ email: 'fr.patient@example.org' }),
      locale: 'fr',
    });
    expect(refused.statusCode).toBe(400);
    expect(await messagesTo('fr.patient@example.org')).toEqual([]);
  });

  it('writes a pending appointment’s notice and a booking request’s confirmation in it', async () => {
    const key = await reserveBookingKey(testApp.app);
    const email = 'pending.mk@example.org';
    const pending = await post('/api/appointments', {
      bookingKey: key,
      pending: true,
      items: [{ examSlug, clinicSlug, start: slots[3] }],
      patientDetails: patientDetails({ email }),
      locale: 'mk',
    });
    expect(pending.statusCode).toBe(201);
    expect(
      (await post(`/api/appointments/pending/${key}/notifications`, undefined)).statusCode,
    ).toBe(200);
    expect((await messagesTo(email))[0]?.subject).toContain('Го примивме вашиот термин');

    const requestKey = await reserveBookingKey(testApp.app);
    const request = await post('/api/booking-requests', {
      bookingKey: requestKey,
      examSlugs: [examSlug],
      patientDetails: patientDetails({ email: 'request.ca@example.org' }),
      locale: 'en-CA',
    });
    expect(request.statusCode).toBe(201);
    const [confirmation] = await messagesTo('request.ca@example.org');
    expect(confirmation?.template).toBe('BOOKING_REQUEST_CONFIRMATION');
    expect(confirmation?.subject).toContain('We have received your booking request');
  });

  it('writes the OTP in the locale the sign-in names', async () => {
    await seedDemoBookingsForTest(testApp.database.db, testApp.clock);
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/authentication',
      payload: {
        bookingKey: demoBookingKeys.appointment,
        dateOfBirth: demoPatient.date_of_birth,
        authenticationType: 'APPOINTMENT',
        locale: 'mk',
      },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().otpRequired).toBe(true);
    const otps = (await messagesTo(demoPatient.email)).filter((m) => m.template === 'ACCESS_OTP');
    expect(otps.at(-1)?.bodyText).toMatch(/Вашиот код за потврда е \d{6}\./);
  });
});
