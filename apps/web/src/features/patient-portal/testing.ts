import type {
  AppointmentSummary,
  AppointmentsSummaryResponse,
  BookingRequestSummaryResponse,
  PatientPortalPublicConfig,
} from '@portal/contract';
import type { Mock } from 'vitest';
import { jsonResponse } from '../../testing/fixtures.ts';

/** Fixtures of the patient pages' tests: a signed-in key and what the server answers about it. */

export const portalKey = 'a'.repeat(32);
export const appointmentId = '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01';

export const sessionAnswer = (type: 'APPOINTMENT' | 'BOOKING_REQUEST' = 'APPOINTMENT') =>
  jsonResponse({
    authenticated: true,
    bookingKey: portalKey,
    authenticationType: type,
    shared: false,
    expiresAt: '2031-05-04T10:20:00+10:00',
  });

export const portalConfig = (overrides: Partial<PatientPortalPublicConfig> = {}) =>
  jsonResponse({
    patientPortalBackgroundImageEnabled: false,
    cancelReasons: ['FEELING_UNWELL', 'CANNOT_ATTEND', 'OTHER'],
    rescheduleWalkInAllowed: false,
    results: {
      shareExpiryDefaultDays: 14,
      shareExpiryMaxDays: 90,
      shareNoteMaxLength: 150,
      shareBySmsEnabled: false,
    },
    ...overrides,
  } satisfies PatientPortalPublicConfig);

/** A BOOKED CT head in Perth at 8:30 am on Tuesday 6 May 2031, not yet confirmed. */
export function appointmentOf(overrides: Partial<AppointmentSummary> = {}): AppointmentSummary {
  return {
    id: appointmentId,
    status: 'BOOKED',
    startsAt: '2031-05-06T00:30:00Z',
    endsAt: '2031-05-06T01:00:00Z',
    timeZone: 'Australia/Perth',
    exam: { slug: 'ct-head', name: 'CT head', modalityName: 'CT', walkIn: false },
    clinic: {
      id: 3,
      slug: 'perth-central',
      name: 'Perth Central',
      address: '1 Hay St, Perth WA 6000',
      timeZone: 'Australia/Perth',
      latitude: -31.9523,
      longitude: 115.8613,
      phone: '08 9000 0000',
    },
    confirmedAt: null,
    replacedBy: null,
    ...overrides,
  };
}

export const summaryOf = (...appointments: AppointmentSummary[]) =>
  jsonResponse({
    bookingKey: portalKey,
    status: 'BOOKED',
    patient: { firstName: 'Alex', lastName: 'Citizen' },
    appointments,
  } satisfies AppointmentsSummaryResponse);

/**
 * The calls every appointment page test answers, the summary aside: the session and the
 * portal's configuration.
 */
export const appointmentPageApi = () => ({
  '/api/authentication/session': () => sessionAnswer(),
  '/api/config/patient-portal': () => portalConfig(),
});

export const bookingRequestOf = (overrides: Partial<BookingRequestSummaryResponse> = {}) =>
  jsonResponse({
    bookingKey: portalKey,
    status: 'RECEIVED',
    createdAt: '2031-05-01T00:00:00Z',
    preferredStart: null,
    patient: { firstName: 'Alex', lastName: 'Citizen' },
    exams: [{ slug: 'mri-knee', name: 'MRI knee', modalityName: 'MRI' }],
    clinic: null,
    patientNotes: null,
    cancellable: true,
    ...overrides,
  } satisfies BookingRequestSummaryResponse);

/** The calls fetch received for a path: method, query and the JSON body sent. */
export function callsTo(fetchMock: Mock, path: string) {
  return (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === path)
    .map(({ url, init }) => ({
      method: init?.method ?? 'GET',
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}
