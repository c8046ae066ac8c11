import {
  type AuthenticationConfig,
  type AuthenticationType,
  unauthenticatedErrorCode,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuditEvent } from '../audit/index.ts';
import { sha256Hex } from './authentication-crypto.ts';
import type { AuthenticationStore } from './authentication-store.ts';

/** The words the authentication files share: settings, who asks, the session, and what a session covers. */

export class UnauthenticatedError extends DomainError {
  readonly statusCode = 401;
  readonly code: string = unauthenticatedErrorCode;
}

export interface AuthenticationSettings extends AuthenticationConfig {
  /** From the application config: the resend wait the browser shows. */
  otpSecondsBetweenRequests: number;
}

/** Who is asking: the cookie's token hash (if any) and where from. */
export interface AuthenticationRequestInfo {
  tokenHash: string | null;
  clientAddress: string;
  requestId: string;
  /** The browser's User-Agent (recorded with a shared link's accesses). */
  userAgent?: string | null;
  /** The kiosk device the request came from (its identity cookie), if any. */
  kioskDeviceId?: string | null;
}

/**
 * What a secured route serves: a kind of patient page, or SHARED_RESULTS, the only thing a
 * recipient's session on a shared results link reaches (docs/decisions/023).
 */
export type PatientScope = AuthenticationType | 'SHARED_RESULTS';

/** What a shared link's sign-in is checked against (the share's patient and its contact). */
export interface ShareSignInFacts {
  shareId: string;
  /** The patient's date of birth. */
  dateOfBirth: string;
  /** The recipient's name as the patient gave it, if any. */
  recipientName: string | null;
  /** Where the OTP goes: the share's contact, never the patient's. */
  contact: string;
  channel: 'EMAIL' | 'SMS';
}

/**
 * The results module's side of a shared sign-in (wired in app.ts, so authentication does not
 * import results): the active share of a token hash (not revoked, not expired), and recording
 * a recipient's successful sign-in (an access, and the patient's notice).
 */
export interface SharedResultsAccess {
  findActiveShare(tokenHash: string): Promise<ShareSignInFacts | undefined>;
  recordSignIn(shareId: string, info: AuthenticationRequestInfo): Promise<void>;
}

/** The session a request carries once the guard has checked it. */
export interface PatientSession {
  id: string;
  bookingKey: string;
  /** The kind of page the patient signed in for (what the browser asked, checked against the key). */
  authenticationType: AuthenticationType;
  /** The session proved a one-time password. */
  otpVerified: boolean;
  /** A recipient's session on a shared results link: its share (bookingKey is the token's hash). */
  shareId: string | null;
  expiresAt: Date;
}

/** A service answer plus what the route must do with the cookie. */
export interface WithCookie<T> {
  body: T;
  /** A new token to set as the session cookie. */
  newToken?: string;
}

export const minutes = (count: number) => count * 60_000;

/** Where failed attempts start counting: attemptWindowMinutes back. */
export const attemptWindowStart = (settings: AuthenticationSettings, now: Date) =>
  new Date(now.getTime() - minutes(settings.attemptWindowMinutes));

/** Where an attempt stands against the limits (per key, per address, per kiosk device). */
export function attemptLimits(
  settings: AuthenticationSettings,
  attempt: { perKey: number; perAddress: number; perDevice: number | null },
) {
  const overKey = attempt.perKey > settings.maxFailedAttemptsPerBookingKey;
  const overAddress = attempt.perAddress > settings.maxFailedAttemptsPerClientAddress;
  const overDevice =
    attempt.perDevice !== null && attempt.perDevice > settings.maxFailedAttemptsPerKioskDevice;
  return {
    overKey,
    overAddress,
    overDevice,
    /** Refused unchecked: past a limit. */
    past: overKey || overAddress || overDevice,
    /** This failure used the last attempt of a limit. */
    reached:
      attempt.perKey >= settings.maxFailedAttemptsPerBookingKey ||
      attempt.perAddress >= settings.maxFailedAttemptsPerClientAddress ||
      (attempt.perDevice !== null && attempt.perDevice >= settings.maxFailedAttemptsPerKioskDevice),
  };
}

/** Booking request keys and appointment keys are different things: a session names one kind. */
const keyKind = (type: AuthenticationType) =>
  type === 'BOOKING_REQUEST' ? 'BOOKING_REQUEST' : 'APPOINTMENT';

/** Whether pages of this kind need a proved OTP (the provider's settings decide). */
export function otpApplies(settings: AuthenticationSettings, type: AuthenticationType): boolean {
  if (!settings.otpEnabled || type === 'BOOKING_REQUEST') return false;
  return type !== 'PATIENT_PORTAL' || settings.otpForPatientPortal;
}

/**
 * Whether a signed-in session may reach pages of kind `scope` (docs/decisions/015): the same
 * kind of booking key, and every check that kind requires passed. So a patient-portal sign-in
 * without an OTP reaches no appointment page, whatever the browser asked for.
 */
export function covers(
  settings: AuthenticationSettings,
  session: Pick<PatientSession, 'authenticationType' | 'otpVerified' | 'shareId'>,
  scope: PatientScope,
): boolean {
  // A shared link's session reaches the shared read and nothing else, always with an OTP.
  if (session.shareId !== null || scope === 'SHARED_RESULTS') {
    return session.shareId !== null && scope === 'SHARED_RESULTS' && session.otpVerified;
  }
  return (
    keyKind(session.authenticationType) === keyKind(scope) &&
    (session.otpVerified || !otpApplies(settings, scope))
  );
}

/** An audit entry about a booking key, named by its SHA-256 (never the key itself). */
export type AuthenticationAudit = (
  info: Pick<AuthenticationRequestInfo, 'clientAddress' | 'requestId'>,
  action: string,
  bookingKey: string,
  details?: AuditEvent['details'],
) => Promise<void>;

export function createAuthenticationAudit(
  store: Pick<AuthenticationStore, 'insertAuditEvent'>,
  clock: Clock,
): AuthenticationAudit {
  return (info, action, bookingKey, details) =>
    store.insertAuditEvent(
      {
        actor: 'patient',
        action,
        subjectType: 'booking_key',
        subjectId: sha256Hex(bookingKey),
        clientAddress: info.clientAddress,
        requestId: info.requestId,
        ...(details ? { details } : {}),
      },
      clock.now(),
    );
}
