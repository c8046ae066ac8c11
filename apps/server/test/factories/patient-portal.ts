import type { Exam, PatientDetails, PatientPortalConfig, SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ProviderConfig } from '../../src/config/provider-config.ts';
import { demoProvider } from '../build-test-app.ts';
import { authenticate, sessionCookieOf } from './authentication.ts';
import { listSlots, patientDetails, reserveBookingKey } from './booking.ts';

/**
 * The demo provider with the patient portal's settings given here and sign-in
 * without an OTP, so a test states the windows it relies on.
 */
export function providerWithPortal(settings: Partial<PatientPortalConfig>): ProviderConfig {
  const provider = demoProvider();
  return {
    ...provider,
    authentication: { ...provider.authentication, otpEnabled: false },
    patientPortal: { ...provider.patientPortal, ...settings },
  };
}

/** An exam of the catalogue matching `which`, and a clinic performing it (found, not named). */
export async function examAndClinic(
  app: FastifyInstance,
  which: (exam: Exam) => boolean,
): Promise<{ exam: Exam; clinicSlug: string }> {
  const exams = (await app.inject({ method: 'GET', url: '/api/exams' })).json() as Exam[];
  for (const exam of exams.filter(which)) {
    const clinics = (
      await app.inject({ method: 'GET', url: `/api/clinics?examSlugs=${exam.slug}` })
    ).json().clinics as Array<{ slug: string }>;
    if (clinics[0]) return { exam, clinicSlug: clinics[0].slug };
  }
  throw new Error('no exam in the catalogue matches');
}

/** Free starts of the exam at the clinic over the next two weeks of the test clock. */
export async function freeStarts(
  app: FastifyInstance,
  clinicSlug: string,
  examSlug: string,
  from: string,
  to: string,
): Promise<string[]> {
  return (await listSlots(app, clinicSlug, examSlug, from, to)).map((slot) => slot.start);
}

/**
 * An exam booked online at a fixed time (not a booking-request-only, walk-in or screening
 * exam, which needs no referral), a clinic performing it, and its free starts from 5 to 19
 * March 2026 (the tests' clock stands at 2 March).
 */
export async function bookableExamWithStarts(app: FastifyInstance) {
  const plain = await examAndClinic(
    app,
    (exam) => !exam.bookingRequestOnly && !exam.walkIn && exam.slug !== 'screening-mammogram',
  );
  const starts = await freeStarts(
    app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-05',
    '2026-03-19',
  );
  return { ...plain, starts };
}

/** Books one appointment at `start` and signs its patient in: the key, id and session cookie. */
export async function bookAndSignIn(
  app: FastifyInstance,
  input: {
    examSlug: string;
    clinicSlug: string;
    start: string;
    remoteAddress?: string;
    /** Details other than the fictional patient's (same date of birth: the sign-in uses it). */
    patient?: Partial<Omit<PatientDetails, 'dateOfBirth'>>;
    /** The web's language sent with the booking (stored as patients.locale), none by default. */
    locale?: SupportedLocale;
    /** Runs with the reserved key before the appointment is made (an upload while booking). */
    beforeBooking?: (bookingKey: string) => Promise<void>;
  },
): Promise<{ bookingKey: string; appointmentId: string; cookie: string }> {
  const bookingKey = await reserveBookingKey(app);
  await input.beforeBooking?.(bookingKey);
  const created = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      bookingKey,
      items: [{ examSlug: input.examSlug, clinicSlug: input.clinicSlug, start: input.start }],
      patientDetails: patientDetails(input.patient),
      ...(input.locale ? { locale: input.locale } : {}),
    },
  });
  expect(created.statusCode).toBe(201);
  const signedIn = await authenticate(
    app,
    { bookingKey, dateOfBirth: patientDetails().dateOfBirth },
    { remoteAddress: input.remoteAddress ?? '198.51.100.7' },
  );
  expect(signedIn.json()).toMatchObject({ success: true, otpRequired: false });
  const summary = await app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${bookingKey}`,
    headers: { cookie: sessionCookieOf(signedIn)! },
  });
  const appointmentId = summary.json().appointments[0].id as string;
  return { bookingKey, appointmentId, cookie: sessionCookieOf(signedIn)! };
}

/** Sends a booking request for the exams at the clinic and signs its patient in. */
export async function requestAndSignIn(
  app: FastifyInstance,
  input: { examSlugs: string[]; clinicSlug: string },
): Promise<{ bookingKey: string; cookie: string }> {
  const bookingKey = await reserveBookingKey(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/booking-requests',
    payload: { bookingKey, ...input, patientDetails: patientDetails() },
  });
  expect(created.statusCode).toBe(201);
  const signedIn = await authenticate(app, {
    bookingKey,
    dateOfBirth: patientDetails().dateOfBirth,
    authenticationType: 'BOOKING_REQUEST',
  });
  expect(signedIn.json()).toMatchObject({ success: true, otpRequired: false });
  return { bookingKey, cookie: sessionCookieOf(signedIn)! };
}
