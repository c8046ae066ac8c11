import type { CheckInConfig, CheckInFormInput } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Clock } from '../../src/adapters/clock.ts';
import type { ProviderConfig } from '../../src/config/provider-config.ts';
import { authenticate, sessionCookieOf } from './authentication.ts';
import { patientDetails } from './booking.ts';
import { bookAndSignIn, providerWithPortal } from './patient-portal.ts';
import { multipart, samplePdf } from './uploads.ts';

export type CheckInSession = { bookingKey: string; appointmentId: string; cookie: string };

/** The demo provider with these check-in settings, sign-in without an OTP. */
export function providerWithCheckIn(settings: Partial<CheckInConfig>): ProviderConfig {
  return providerWithPortal({
    checkIn: {
      enabled: true,
      mode: 'FORM',
      priorMinutes: 120,
      closesMinutesAfterStart: 30,
      showGenderSelection: false,
      ...settings,
    },
  });
}

/** A Medicare number passing the check digit (1, 3, 7, 9 weights), issue number 1. */
export const validMedicareNumber = '2123456701';

export function checkInUrl(session: CheckInSession): string {
  return `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/check_in`;
}

/** Uploads a PDF for every document the appointment's exam requires: check-in is then ready. */
export async function uploadRequiredDocuments(app: FastifyInstance, session: CheckInSession) {
  const listed = await app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${session.bookingKey}/attachments/response`,
    headers: { cookie: session.cookie },
  });
  const appointment = (
    listed.json().appointments as Array<{
      appointmentId: string;
      examDocumentTypes: Array<{ documentTypeId: number; required: boolean }>;
    }>
  ).find((row) => row.appointmentId === session.appointmentId)!;
  for (const type of appointment.examDocumentTypes.filter((row) => row.required)) {
    const body = multipart('document.pdf', samplePdf, {
      documentTypeId: String(type.documentTypeId),
      appointmentId: session.appointmentId,
    });
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${session.bookingKey}/attachments`,
      payload: body.payload,
      headers: { ...body.headers, cookie: session.cookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
}

/** Signs the patient in again (sessions idle out when a test moves the clock). */
export async function signInAgain(app: FastifyInstance, session: CheckInSession) {
  const signedIn = await authenticate(app, {
    bookingKey: session.bookingKey,
    dateOfBirth: patientDetails().dateOfBirth,
  });
  return { ...session, cookie: sessionCookieOf(signedIn)! };
}

/**
 * A new patient's appointment at `start`, its required documents uploaded, with the clock moved
 * `minutesBefore` its start and the patient signed in again.
 */
export async function appointmentInWindow(
  app: FastifyInstance,
  clock: Clock & { set(value: Date | string): void },
  booking: { examSlug: string; clinicSlug: string; start: string },
  options: { minutesBefore?: number; documents?: boolean } = {},
): Promise<CheckInSession> {
  const session = await bookAndSignIn(app, booking);
  if (options.documents ?? true) await uploadRequiredDocuments(app, session);
  clock.set(new Date(new Date(booking.start).getTime() - (options.minutesBefore ?? 60) * 60_000));
  return signInAgain(app, session);
}

/** A doctor of the demo directory, as the check-in form's doctor search finds one. */
export async function someReferrerId(app: FastifyInstance, session: CheckInSession) {
  const found = await app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${session.bookingKey}/doctor_search/smi`,
    headers: { cookie: session.cookie },
  });
  expect(found.statusCode, found.body).toBe(200);
  const doctor = found.json().doctors[0] as { id: string } | undefined;
  expect(doctor).toBeDefined();
  return doctor!.id;
}

export function validForm(referrer: string, overrides: Partial<CheckInFormInput> = {}) {
  return {
    referrer,
    dateOfReferral: '2026-02-20',
    medicareNumber: validMedicareNumber,
    referenceNumber: 2,
    gender: 'FEMALE' as const,
    ...overrides,
  };
}
