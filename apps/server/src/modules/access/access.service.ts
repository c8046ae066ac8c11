import {
  type AccessConfig,
  type AccessPublicConfig,
  type AuthenticationRequest,
  type AuthenticationResponse,
  type AuthenticationType,
  accessMessages,
  type OtpSendRequest,
  type OtpSendResponse,
  type OtpValidateRequest,
  type OtpValidateResponse,
  type SessionResponse,
  unauthenticatedErrorCode,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { CaptchaVerifier } from '../../adapters/captcha.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { insertOutboxMessages } from '../notifications/index.ts';
import * as repo from './access.repository.ts';
import {
  constantTimeEqual,
  newOtpCode,
  newSessionToken,
  normalisedContactNumber,
  otpHash,
  sha256Hex,
} from './access-crypto.ts';
import { otpMessage } from './otp-message.ts';

export class UnauthenticatedError extends DomainError {
  readonly statusCode = 401;
  readonly code: string = unauthenticatedErrorCode;
}

export interface AccessSettings extends AccessConfig {
  /** From the application config: the resend wait the browser shows. */
  otpSecondsBetweenRequests: number;
}

export interface AccessServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings: AccessSettings;
  /** SESSION_SECRET: keys the OTP hashes. */
  secret: string;
  captcha: CaptchaVerifier;
  providerName: string;
}

/** Who is asking: the cookie's token hash (if any) and where from. */
export interface AccessRequestInfo {
  tokenHash: string | null;
  clientAddress: string;
  requestId: string;
}

/** The session a request carries once the guard has checked it. */
export interface AccessSession {
  id: string;
  bookingKey: string;
  /** The kind of page the patient signed in for (what the browser asked, checked against the key). */
  authenticationType: AuthenticationType;
  /** The session proved a one-time password. */
  otpVerified: boolean;
  expiresAt: Date;
}

/** Booking request keys and appointment keys are different things: a session names one kind. */
const keyKind = (type: AuthenticationType) =>
  type === 'BOOKING_REQUEST' ? 'BOOKING_REQUEST' : 'APPOINTMENT';

/** A service answer plus what the route must do with the cookie. */
export interface WithCookie<T> {
  body: T;
  /** A new token to set as the session cookie. */
  newToken?: string;
}

// A sliding idle expiry, written at most once a minute per session instead of on every request.
const touchIntervalMs = 60_000;
const housekeepingIntervalMs = 10 * 60_000;
// Compared when the key is unknown, so that path does the same work as a wrong date.
const dummyDateOfBirth = '0000-00-00';
const dummyContactNumber = '000000000';

export function createAccessService(deps: AccessServiceDeps) {
  const { db, clock, settings, secret, captcha, providerName } = deps;
  let lastHousekeeping = 0;

  const minutes = (count: number) => count * 60_000;
  const windowStart = (now: Date) =>
    new Date(now.getTime() - minutes(settings.attemptWindowMinutes));
  const idleExpiry = (now: Date, absolute: Date) =>
    new Date(Math.min(now.getTime() + minutes(settings.sessionIdleMinutes), absolute.getTime()));
  const keyRef = (bookingKey: string) => sha256Hex(bookingKey);
  const otpLimits = {
    minGapSeconds: settings.otpSecondsBetweenRequests,
    maxPerHour: settings.otpMaxPerHour,
  };

  /** Whether pages of this kind need a proved OTP (the provider's settings decide). */
  function otpApplies(type: AuthenticationType): boolean {
    if (!settings.otpEnabled || type === 'BOOKING_REQUEST') return false;
    return type !== 'PATIENT_PORTAL' || settings.otpForPatientPortal;
  }

  /**
   * Whether a signed-in session may reach pages of kind `scope` (docs/decisions/015): the
   * same kind of booking key, and every check that kind requires passed. So a patient-portal
   * sign-in without an OTP reaches no appointment page, whatever the browser asked for.
   */
  function covers(
    session: Pick<AccessSession, 'authenticationType' | 'otpVerified'>,
    scope: AuthenticationType,
  ) {
    return (
      keyKind(session.authenticationType) === keyKind(scope) &&
      (session.otpVerified || !otpApplies(scope))
    );
  }

  function failure(maxAttemptsReached: boolean): AuthenticationResponse {
    return {
      success: false,
      maxAttemptsReached,
      otpRequired: false,
      otpChannel: null,
      otpSecondsBetweenRequests: settings.otpSecondsBetweenRequests,
      message: accessMessages.authenticationError,
    };
  }

  function audit(
    info: AccessRequestInfo,
    action: string,
    bookingKey: string,
    details?: AuditEvent['details'],
  ) {
    return insertAuditEvent(
      db,
      {
        actor: 'patient',
        action,
        subjectType: 'booking_key',
        subjectId: keyRef(bookingKey),
        clientAddress: info.clientAddress,
        requestId: info.requestId,
        ...(details ? { details } : {}),
      },
      clock.now(),
    );
  }

  async function housekeeping(now: Date) {
    if (now.getTime() - lastHousekeeping < housekeepingIntervalMs) return;
    lastHousekeeping = now.getTime();
    await repo.deleteExpired(db, now, {
      attempts: windowStart(now),
      otpSends: new Date(
        now.getTime() - Math.max(3_600_000, settings.otpSecondsBetweenRequests * 1000),
      ),
    });
  }

  async function liveSession(tokenHash: string | null) {
    if (tokenHash === null) return undefined;
    return repo.findLiveSession(db, tokenHash, clock.now());
  }

  /** Opens a new session (a new token: a sign-in never reuses the browser's old one). */
  async function openSession(
    info: AccessRequestInfo,
    state: 'OTP_PENDING' | 'AUTHENTICATED' | 'ANONYMOUS',
    bookingKey: string | null,
    type: AuthenticationType | null,
    verifiedCaptcha: boolean,
  ) {
    const now = clock.now();
    const absolute = new Date(now.getTime() + settings.sessionAbsoluteHours * 3_600_000);
    const token = newSessionToken();
    if (info.tokenHash !== null) await repo.deleteSessionByTokenHash(db, info.tokenHash);
    const id = await repo.insertSession(db, {
      tokenHash: sha256Hex(token),
      state,
      bookingKey,
      authenticationType: type,
      verifiedCaptcha,
      clientAddress: info.clientAddress,
      now,
      idleExpiresAt: idleExpiry(now, absolute),
      absoluteExpiresAt: absolute,
    });
    return { id, token };
  }

  /**
   * Creates and queues an OTP for the session unless the booking key had one within the
   * resend wait or its hourly cap is used up, however the earlier ones were triggered.
   */
  async function issueOtp(sessionId: string, bookingKey: string, patient: repo.PatientFacts) {
    const now = clock.now();
    const code = newOtpCode();
    const channel = settings.otpChannel;
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimOtpSend(trx, bookingKey, now, otpLimits))) return false;
      await repo.insertOtp(trx, {
        sessionId,
        bookingKey,
        codeHash: otpHash(secret, sessionId, bookingKey, code),
        channel,
        now,
        expiresAt: new Date(now.getTime() + minutes(settings.otpExpiryMinutes)),
        triesLeft: settings.otpMaxTries,
      });
      await insertOutboxMessages(
        trx,
        [
          otpMessage({
            channel,
            recipient: channel === 'SMS' ? patient.contactNumber : patient.email,
            providerName,
            firstName: patient.firstName,
            code,
            expiryMinutes: settings.otpExpiryMinutes,
          }),
        ],
        now,
      );
      return true;
    });
  }

  /** The patient's facts match: always both comparisons, whatever the first said. */
  function factsMatch(request: AuthenticationRequest, patient: repo.PatientFacts | undefined) {
    const dateOk = constantTimeEqual(request.dateOfBirth, patient?.dateOfBirth ?? dummyDateOfBirth);
    if (!settings.contactNumberAuthentication) return dateOk && patient !== undefined;
    const given = normalisedContactNumber(request.contactNumber) ?? '';
    const expected = normalisedContactNumber(patient?.contactNumber) ?? dummyContactNumber;
    const contactOk = constantTimeEqual(given, expected) && given !== '';
    return dateOk && contactOk && patient !== undefined;
  }

  return {
    publicConfig(): AccessPublicConfig {
      return {
        contactNumberAuthentication: settings.contactNumberAuthentication,
        otpEnabled: settings.otpEnabled,
        otpForPatientPortal: settings.otpForPatientPortal,
        otpSecondsBetweenRequests: settings.otpSecondsBetweenRequests,
        captcha: settings.captcha,
      };
    },

    /**
     * POST /api/authentication. Every attempt is counted before anything is
     * checked; an unknown key and a wrong date take the same path and answer
     * with the same body.
     */
    async authenticate(
      request: AuthenticationRequest,
      info: AccessRequestInfo,
    ): Promise<WithCookie<AuthenticationResponse>> {
      const now = clock.now();
      await housekeeping(now);
      const current = await liveSession(info.tokenHash);
      if (captcha.provider !== 'none' && !current?.verifiedCaptcha) {
        const token = request.captchaToken;
        if (token === undefined || !(await captcha.verify(token, info.clientAddress))) {
          await audit(info, 'access.sign-in.captcha-failed', request.bookingKey);
          return { body: failure(false) };
        }
      }
      const attempt = await repo.recordAttempt(db, {
        bookingKey: request.bookingKey,
        clientAddress: info.clientAddress,
        kind: 'DATE_OF_BIRTH',
        now,
        windowStart: windowStart(now),
      });
      const overKey = attempt.perKey > settings.maxFailedAttemptsPerBookingKey;
      const overAddress = attempt.perAddress > settings.maxFailedAttemptsPerClientAddress;
      if (overKey || overAddress) {
        await audit(info, 'access.sign-in.blocked', request.bookingKey, {
          authenticationType: request.authenticationType,
          perBookingKey: overKey,
          perClientAddress: overAddress,
        });
        return { body: failure(true) };
      }
      const patient = await repo.findPatientFacts(
        db,
        request.bookingKey,
        request.authenticationType,
      );
      if (!factsMatch(request, patient)) {
        if (current?.verifiedCaptcha) await repo.setVerifiedCaptcha(db, current.id, false);
        await audit(info, 'access.sign-in.failed', request.bookingKey, {
          authenticationType: request.authenticationType,
        });
        return {
          body: failure(
            attempt.perKey >= settings.maxFailedAttemptsPerBookingKey ||
              attempt.perAddress >= settings.maxFailedAttemptsPerClientAddress,
          ),
        };
      }
      // factsMatch is false without a patient.
      const facts = patient!;
      await repo.forgetAttempt(db, attempt.id);
      const otpRequired = otpApplies(request.authenticationType);
      const session = await openSession(
        info,
        otpRequired ? 'OTP_PENDING' : 'AUTHENTICATED',
        request.bookingKey,
        request.authenticationType,
        current?.verifiedCaptcha ?? false,
      );
      if (otpRequired) {
        const sent = await issueOtp(session.id, request.bookingKey, facts);
        await audit(info, sent ? 'access.otp.sent' : 'access.otp.held-back', request.bookingKey, {
          channel: settings.otpChannel,
          sessionId: session.id,
        });
      } else {
        await repo.forgetKeyAttempts(db, request.bookingKey);
      }
      await audit(
        info,
        otpRequired ? 'access.sign-in.date-of-birth-verified' : 'access.sign-in.succeeded',
        request.bookingKey,
        { authenticationType: request.authenticationType, sessionId: session.id },
      );
      return {
        newToken: session.token,
        body: {
          success: true,
          maxAttemptsReached: false,
          otpRequired,
          otpChannel: otpRequired ? settings.otpChannel : null,
          otpSecondsBetweenRequests: settings.otpSecondsBetweenRequests,
          message: null,
        },
      };
    },

    /** POST /api/authentication/otp: resend, at most once per otpSecondsBetweenRequests. */
    async sendOtp(request: OtpSendRequest, info: AccessRequestInfo): Promise<OtpSendResponse> {
      const session = await liveSession(info.tokenHash);
      if (session?.state !== 'OTP_PENDING' || session.bookingKey !== request.bookingKey) {
        throw new UnauthenticatedError('No sign-in is waiting for a one-time password.');
      }
      const patient = await repo.findPatientFacts(
        db,
        request.bookingKey,
        session.authenticationType ?? request.authenticationType,
      );
      if (!patient)
        throw new UnauthenticatedError('No sign-in is waiting for a one-time password.');
      if (await issueOtp(session.id, request.bookingKey, patient)) {
        await audit(info, 'access.otp.sent', request.bookingKey, {
          channel: settings.otpChannel,
          sessionId: session.id,
          resend: true,
        });
        return { sent: true, retryAfterSeconds: settings.otpSecondsBetweenRequests };
      }
      const now = clock.now();
      const next = await repo.nextOtpSendAt(db, request.bookingKey, now, otpLimits);
      const waitMs = next.getTime() - now.getTime();
      return { sent: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    /**
     * POST /api/authentication/otp/validate: success turns the pending session into a
     * signed-in one under a new token (the pending token stops working: OWASP ASVS 3.2.1).
     */
    async validateOtp(
      request: OtpValidateRequest,
      info: AccessRequestInfo,
    ): Promise<WithCookie<OtpValidateResponse>> {
      const now = clock.now();
      const session = await liveSession(info.tokenHash);
      if (session?.state !== 'OTP_PENDING' || session.bookingKey !== request.bookingKey) {
        throw new UnauthenticatedError('No sign-in is waiting for a one-time password.');
      }
      const failed = (maxAttemptsReached: boolean): WithCookie<OtpValidateResponse> => ({
        body: { success: false, maxAttemptsReached, message: accessMessages.otpError },
      });
      const attempt = await repo.recordAttempt(db, {
        bookingKey: request.bookingKey,
        clientAddress: info.clientAddress,
        kind: 'OTP',
        now,
        windowStart: windowStart(now),
      });
      if (
        attempt.perKey > settings.maxFailedAttemptsPerBookingKey ||
        attempt.perAddress > settings.maxFailedAttemptsPerClientAddress
      ) {
        await audit(info, 'access.otp.blocked', request.bookingKey, { sessionId: session.id });
        return failed(true);
      }
      const tried = await repo.tryOtp(db, {
        sessionId: session.id,
        bookingKey: request.bookingKey,
        codeHash: otpHash(secret, session.id, request.bookingKey, request.otp),
        now,
      });
      if (!tried?.used) {
        const exhausted =
          tried === undefined
            ? await repo.latestOtpExhausted(db, session.id)
            : tried.triesLeft <= 0;
        await audit(info, 'access.otp.failed', request.bookingKey, {
          sessionId: session.id,
          reason: tried === undefined ? 'NO_USABLE_OTP' : 'WRONG_CODE',
        });
        return failed(
          exhausted ||
            attempt.perKey >= settings.maxFailedAttemptsPerBookingKey ||
            attempt.perAddress >= settings.maxFailedAttemptsPerClientAddress,
        );
      }
      const token = newSessionToken();
      const upgraded = await repo.authenticateSession(db, session.id, {
        now,
        idleExpiresAt: idleExpiry(now, session.absoluteExpiresAt),
        tokenHash: sha256Hex(token),
      });
      if (!upgraded) throw new UnauthenticatedError('The sign-in is no longer waiting.');
      await repo.forgetKeyAttempts(db, request.bookingKey);
      await audit(info, 'access.otp.used', request.bookingKey, { sessionId: session.id });
      await audit(info, 'access.sign-in.succeeded', request.bookingKey, {
        authenticationType: session.authenticationType,
        sessionId: session.id,
      });
      return { newToken: token, body: { success: true, maxAttemptsReached: false, message: null } };
    },

    /** POST /api/authentication/captcha: remembers a verified captcha on the browser's session. */
    async verifyCaptcha(
      token: string,
      info: AccessRequestInfo,
    ): Promise<WithCookie<{ result: boolean }>> {
      if (captcha.provider === 'none') return { body: { result: true } };
      const result = await captcha.verify(token, info.clientAddress);
      if (!result) return { body: { result } };
      const current = await liveSession(info.tokenHash);
      if (current) {
        await repo.setVerifiedCaptcha(db, current.id, true);
        return { body: { result } };
      }
      const opened = await openSession(info, 'ANONYMOUS', null, null, true);
      return { body: { result }, newToken: opened.token };
    },

    /**
     * The AUTHENTICATED session of this token, its idle expiry slid forward (at
     * most one write a minute); undefined when there is none.
     */
    async authenticatedSession(tokenHash: string | null): Promise<AccessSession | undefined> {
      const session = await liveSession(tokenHash);
      if (
        session?.state !== 'AUTHENTICATED' ||
        session.bookingKey === null ||
        session.authenticationType === null
      ) {
        return undefined;
      }
      const now = clock.now();
      let idleExpiresAt = session.idleExpiresAt;
      if (now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs) {
        idleExpiresAt = idleExpiry(now, session.absoluteExpiresAt);
        await repo.touchSession(db, session.id, now, idleExpiresAt);
      }
      return {
        id: session.id,
        bookingKey: session.bookingKey,
        authenticationType: session.authenticationType,
        otpVerified: session.otpVerified,
        expiresAt: idleExpiresAt,
      };
    },

    covers,

    /**
     * GET /api/authentication/session: 200 only when the session covers this key and, when
     * given, this kind of page.
     */
    async checkSession(
      bookingKey: string,
      tokenHash: string | null,
      scope?: AuthenticationType,
    ): Promise<SessionResponse> {
      const session = await this.authenticatedSession(tokenHash);
      if (
        !session ||
        session.bookingKey !== bookingKey ||
        (scope !== undefined && !covers(session, scope))
      ) {
        throw new UnauthenticatedError('Sign in to see this booking.');
      }
      return {
        authenticated: true,
        bookingKey: session.bookingKey,
        authenticationType: session.authenticationType,
        expiresAt: session.expiresAt.toISOString(),
      };
    },

    /** POST /api/authentication/logout: the row goes; the cookie is cleared by the route. */
    async logout(info: AccessRequestInfo): Promise<void> {
      if (info.tokenHash === null) return;
      const ended = await repo.deleteSessionByTokenHash(db, info.tokenHash);
      if (ended?.bookingKey) {
        await audit(info, 'access.session.ended', ended.bookingKey, { sessionId: ended.id });
      }
    },

    /** Audit a read of patient data by a signed-in session (other modules call this). */
    auditRead(info: AccessRequestInfo, session: AccessSession, what: string) {
      return audit(info, 'patient-data.read', session.bookingKey, {
        what,
        sessionId: session.id,
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
