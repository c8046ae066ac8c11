import type {
  AuthenticationResponse,
  CheckInStatusResponse,
  KioskAppointmentsResponse,
  KioskIdentityCheckRequest,
  KioskIdentityCheckResponse,
  OtpSendResponse,
  OtpValidateResponse,
} from '@portal/contract';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/**
 * The kiosk check-in's calls (docs/product/kiosk.md#check-in). None is cached: what they
 * answer is the patient's and lives only in the check-in page's state, forgotten with it.
 */

export function identityCheck(body: KioskIdentityCheckRequest) {
  return apiRequest<KioskIdentityCheckResponse>('/api/kiosk/identity_check', {
    method: 'POST',
    body,
  });
}

/** The usual sign-in (type APPOINTMENT): it sends the OTP to the patient's contact when required. */
export function signIn(bookingKey: string, dateOfBirth: string) {
  return apiRequest<AuthenticationResponse>('/api/authentication', {
    method: 'POST',
    body: { bookingKey, dateOfBirth, contactNumber: null, authenticationType: 'APPOINTMENT' },
  });
}

export function validateOtp(bookingKey: string, otp: string) {
  return apiRequest<OtpValidateResponse>('/api/authentication/otp/validate', {
    method: 'POST',
    body: { otp, bookingKey, authenticationType: 'APPOINTMENT' },
  });
}

export function resendOtp(bookingKey: string) {
  return apiRequest<OtpSendResponse>('/api/authentication/otp', {
    method: 'POST',
    body: { bookingKey, authenticationType: 'APPOINTMENT' },
  });
}

/** The reload of appointments: today's, what can be checked in, and why not. */
export function reloadAppointments(bookingKey: string) {
  return apiGet<KioskAppointmentsResponse>(
    `/api/secured/appointments/${encodeURIComponent(bookingKey)}/kiosk_appointments`,
  );
}

const checkInPath = (bookingKey: string, appointmentId: string) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/items/${encodeURIComponent(appointmentId)}/check_in`;

/** At a kiosk the check-in has no form: the server records the kiosk's channel and name. */
export function checkIn(bookingKey: string, appointmentId: string) {
  return apiRequest<CheckInStatusResponse>(checkInPath(bookingKey, appointmentId), {
    method: 'POST',
    body: { form: null },
  });
}

export function checkInStatus(bookingKey: string, appointmentId: string) {
  return apiGet<CheckInStatusResponse>(checkInPath(bookingKey, appointmentId));
}
