import type { AuthenticationType, SessionResponse } from '@portal/contract';
import { apiGet, apiRequest, PATIENT_SESSION_PATH } from './api-client.ts';

/**
 * Patient access shared by the authentication page, the patient pages and the app's 401 rule
 * (docs/product/authentication.md#the-401-rule): where to send a patient who must prove who they
 * are, the session check and logout. Lives in lib because both the authentication and
 * patient-portal features use it.
 */

/** Every cached piece of patient data sits under this key, so a logout can drop all of it. */
export const patientQueryKey = ['patient'] as const;
export const patientSessionQueryKey = (target: PatientPageTarget) =>
  [...patientQueryKey, 'session', target.bookingKey, target.type, target.shared === true] as const;

/**
 * The authenticated check for one kind of page: the session, or a 401 ApiError (which does not
 * log anyone out). The server answers 401 too when the session does not cover this kind of page
 * (a patient-portal sign-in without a one-time password does not open the appointment page).
 */
export function checkPatientSession(target: PatientPageTarget, signal?: AbortSignal) {
  return apiGet<SessionResponse>(PATIENT_SESSION_PATH, {
    query: {
      bookingKey: target.bookingKey,
      authenticationType: target.type,
      ...(target.shared ? { shared: 'true' } : {}),
    },
    signal,
  });
}

/**
 * Ends the patient session on the server (also fine when there is none). `keepalive`: the
 * call completes even if the page goes away meanwhile (the logout button sends it as it
 * leaves the patient's page).
 */
export async function logoutPatient(): Promise<void> {
  await apiRequest<void>('/api/authentication/logout', { method: 'POST', keepalive: true });
}

/** The booking a patient page is about, read from its path (the iframe prefix ignored). */
export interface PatientPageTarget {
  bookingKey: string;
  type: AuthenticationType;
  /** A shared results link (`?shared=true`): bookingKey is then the share token. */
  shared?: boolean | undefined;
}

const appointmentSections = new Set(['appointments', 'a']);
const requestSections = new Set(['booking-requests', 'br']);

export function patientPageTarget(pathname: string): PatientPageTarget | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'iframe') segments.shift();
  const [section, first, second] = segments;
  if (!section || !first) return null;
  if (requestSections.has(section)) return { bookingKey: first, type: 'BOOKING_REQUEST' };
  if (!appointmentSections.has(section)) return null;
  const bookingKey = first === 'pending' && second ? second : first;
  const type: AuthenticationType = pathname.includes('patient')
    ? 'PATIENT_PORTAL'
    : pathname.includes('/result')
      ? 'APPOINTMENT_RESULTS'
      : 'APPOINTMENT';
  return { bookingKey, type };
}

/** Whether a page address (path and query) is a shared results link's: `?shared=true`. */
export function isSharedLink(url: string): boolean {
  const query = url.split('?')[1]?.split('#')[0] ?? '';
  return new URLSearchParams(query).get('shared') === 'true';
}

/**
 * The authentication page for a patient page: `/authentication?returnUrl=&bookingKey=&type=`
 * (with the iframe prefix when the page is embedded, and `shared=true` for a shared link's page,
 * which the 401 rule knows only from its address).
 */
export function authenticationUrl(
  returnUrl: string,
  target: PatientPageTarget,
  extra: Record<string, string> = {},
): string {
  const prefix = returnUrl.startsWith('/iframe/') ? '/iframe' : '';
  const query = new URLSearchParams({
    returnUrl,
    bookingKey: target.bookingKey,
    type: target.type,
    ...(target.type === 'BOOKING_REQUEST' ? { isBookingRequest: 'true' } : {}),
    ...(target.shared || isSharedLink(returnUrl) ? { shared: 'true' } : {}),
    ...extra,
  });
  return `${prefix}/authentication?${query.toString()}`;
}
