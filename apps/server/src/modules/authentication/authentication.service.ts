import {
  type AuthenticationPublicConfig,
  type AuthenticationRequest,
  type AuthenticationResponse,
  authenticationMessages,
  type OtpSendRequest,
  type OtpValidateRequest,
  type OtpValidateResponse,
} from '@portal/contract';
import type { CaptchaVerifier } from '../../adapters/captcha.ts';
import type { Clock } from '../../adapters/clock.ts';
import { constantTimeEqual, normalisedContactNumber, sha256Hex } from './authentication-crypto.ts';
import {
  type AuthenticationRequestInfo,
  type AuthenticationSettings,
  attemptLimits,
  attemptWindowStart,
  createAuthenticationAudit,
  otpApplies,
  type PatientSession,
  type SharedResultsAccess,
  type WithCookie,
} from './authentication-model.ts';
import type { AuthenticationStore, PatientFacts } from './authentication-store.ts';
import { createOneTimePasswords, shareRecipientFacts } from './one-time-passwords.ts';
import { createSessions } from './sessions.ts';

export type {
  AuthenticationRequestInfo,
  AuthenticationSettings,
  PatientScope,
  PatientSession,
  SharedResultsAccess,
  ShareSignInFacts,
  WithCookie,
} from './authentication-model.ts';
export { UnauthenticatedError } from './authentication-model.ts';

export interface AuthenticationServiceDeps {
  store: AuthenticationStore;
  clock: Clock;
  settings: AuthenticationSettings;
  /** SESSION_SECRET: keys the OTP hashes. */
  secret: string;
  captcha: CaptchaVerifier;
  providerName: string;
  /** The results module's shares (app.ts); without it no shared link signs in. */
  shared?: SharedResultsAccess;
}

// Compared when the key is unknown, so that path does the same work as a wrong date.
const dummyDateOfBirth = '0000-00-00';
const dummyContactNumber = '000000000';

/**
 * Patient sign-in: the date-of-birth step and the captcha here; sessions (sessions.ts) and
 * one-time passwords (one-time-passwords.ts) beside it, all answering through this one service.
 */
export function createAuthenticationService(deps: AuthenticationServiceDeps) {
  const { store, clock, settings, captcha } = deps;
  const audit = createAuthenticationAudit(store, clock);
  const sessions = createSessions({ store, clock, settings, audit });
  const otps = createOneTimePasswords({
    store,
    clock,
    settings,
    secret: deps.secret,
    providerName: deps.providerName,
    sessions,
    audit,
    shared: deps.shared ?? null,
  });

  /**
   * The key a sign-in is counted, audited and its session named under: a booking key as it
   * is, a shared link's token only as its SHA-256 (the token is stored nowhere).
   */
  const keyOf = (request: { bookingKey: string; shared?: boolean | undefined }) =>
    request.shared ? sha256Hex(request.bookingKey) : request.bookingKey;

  /**
   * Whom the sign-in checks: the patient behind a booking key, or behind an active share of a
   * token. An unknown, revoked or expired share is undefined, like an unknown booking key.
   */
  async function signInSubject(request: AuthenticationRequest, key: string) {
    if (!request.shared) {
      const facts = await store.findPatientFacts(key, request.authenticationType);
      return facts && { facts, share: null };
    }
    const share = await deps.shared?.findActiveShare(key);
    return share && { facts: shareRecipientFacts(share), share };
  }

  function failure(maxAttemptsReached: boolean): AuthenticationResponse {
    return {
      success: false,
      maxAttemptsReached,
      otpRequired: false,
      otpChannel: null,
      otpSecondsBetweenRequests: settings.otpSecondsBetweenRequests,
      message: authenticationMessages.authenticationError,
    };
  }

  /** The patient's facts match: always both comparisons, whatever the first said. */
  function factsMatch(request: AuthenticationRequest, patient: PatientFacts | undefined) {
    const dateOk = constantTimeEqual(request.dateOfBirth, patient?.dateOfBirth ?? dummyDateOfBirth);
    // A recipient proves the patient's date of birth, then an OTP to their own contact.
    if (!settings.contactNumberAuthentication || request.shared) {
      return dateOk && patient !== undefined;
    }
    const given = normalisedContactNumber(request.contactNumber) ?? '';
    const expected = normalisedContactNumber(patient?.contactNumber) ?? dummyContactNumber;
    const contactOk = constantTimeEqual(given, expected) && given !== '';
    return dateOk && contactOk && patient !== undefined;
  }

  /**
   * An identity check besides the sign-in (the patient match): counted as an attempt under the
   * key and the address with the sign-in limits, forgotten when it passes; past the limits the
   * check is not even made.
   */
  async function countedCheck(
    bookingKey: string,
    info: AuthenticationRequestInfo,
    check: () => Promise<boolean>,
  ): Promise<'PASSED' | 'FAILED' | 'BLOCKED'> {
    const now = clock.now();
    const attempt = await store.recordAttempt({
      bookingKey,
      clientAddress: info.clientAddress,
      kind: 'DATE_OF_BIRTH',
      now,
      windowStart: attemptWindowStart(settings, now),
      kioskDeviceId: info.kioskDeviceId ?? null,
    });
    if (attemptLimits(settings, attempt).past) return 'BLOCKED';
    if (!(await check())) return 'FAILED';
    await store.forgetAttempt(attempt.id);
    return 'PASSED';
  }

  return {
    publicConfig(): AuthenticationPublicConfig {
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
      info: AuthenticationRequestInfo,
    ): Promise<WithCookie<AuthenticationResponse>> {
      const now = clock.now();
      await sessions.housekeeping(now);
      const current = await sessions.live(info.tokenHash);
      const key = keyOf(request);
      if (captcha.provider !== 'none' && !current?.verifiedCaptcha) {
        const token = request.captchaToken;
        if (token === undefined || !(await captcha.verify(token, info.clientAddress))) {
          await audit(info, 'access.sign-in.captcha-failed', key);
          return { body: failure(false) };
        }
      }
      const attempt = await store.recordAttempt({
        bookingKey: key,
        clientAddress: info.clientAddress,
        kind: 'DATE_OF_BIRTH',
        now,
        windowStart: attemptWindowStart(settings, now),
        kioskDeviceId: info.kioskDeviceId ?? null,
      });
      const limits = attemptLimits(settings, attempt);
      if (limits.past) {
        await audit(info, 'access.sign-in.blocked', key, {
          authenticationType: request.authenticationType,
          shared: request.shared === true,
          perBookingKey: limits.overKey,
          perClientAddress: limits.overAddress,
          perKioskDevice: limits.overDevice,
        });
        return { body: failure(true) };
      }
      const subject = await signInSubject(request, key);
      const patient = subject?.facts;
      if (!factsMatch(request, patient)) {
        if (current?.verifiedCaptcha) await store.setVerifiedCaptcha(current.id, false);
        await audit(info, 'access.sign-in.failed', key, {
          authenticationType: request.authenticationType,
          shared: request.shared === true,
        });
        return { body: failure(limits.reached) };
      }
      // factsMatch is false without a patient.
      const facts = patient!;
      const share = subject?.share ?? null;
      await store.forgetAttempt(attempt.id);
      // A shared link always asks for an OTP, sent to the share's contact.
      const otpRequired = share !== null || otpApplies(settings, request.authenticationType);
      const otpChannel = share?.channel ?? settings.otpChannel;
      const session = await sessions.open(
        info,
        otpRequired ? 'OTP_PENDING' : 'AUTHENTICATED',
        key,
        share ? 'APPOINTMENT_RESULTS' : request.authenticationType,
        current?.verifiedCaptcha ?? false,
        share?.shareId ?? null,
      );
      if (otpRequired) {
        const sent = await otps.issue(session.id, key, facts, otpChannel, request.locale);
        await audit(info, sent ? 'access.otp.sent' : 'access.otp.held-back', key, {
          channel: otpChannel,
          sessionId: session.id,
        });
      } else {
        await store.forgetKeyAttempts(key);
      }
      await audit(
        info,
        otpRequired ? 'access.sign-in.date-of-birth-verified' : 'access.sign-in.succeeded',
        key,
        {
          authenticationType: request.authenticationType,
          sessionId: session.id,
          ...(share ? { shareId: share.shareId } : {}),
        },
      );
      return {
        newToken: session.token,
        body: {
          success: true,
          maxAttemptsReached: false,
          otpRequired,
          otpChannel: otpRequired ? otpChannel : null,
          otpSecondsBetweenRequests: settings.otpSecondsBetweenRequests,
          message: null,
        },
      };
    },

    /** POST /api/authentication/otp */
    sendOtp: (request: OtpSendRequest, info: AuthenticationRequestInfo) =>
      otps.resend({ ...request, bookingKey: keyOf(request) }, info),

    /** POST /api/authentication/otp/validate; a shared link's sign-in is an access to its share. */
    async validateOtp(
      request: OtpValidateRequest,
      info: AuthenticationRequestInfo,
    ): Promise<WithCookie<OtpValidateResponse>> {
      const pending = request.shared ? await sessions.live(info.tokenHash) : undefined;
      const result = await otps.validate({ ...request, bookingKey: keyOf(request) }, info);
      if (result.body.success && pending?.shareId) {
        await deps.shared?.recordSignIn(pending.shareId, info);
      }
      return result;
    },

    /** POST /api/authentication/captcha: remembers a verified captcha on the browser's session. */
    async verifyCaptcha(
      token: string,
      info: AuthenticationRequestInfo,
    ): Promise<WithCookie<{ result: boolean }>> {
      if (captcha.provider === 'none') return { body: { result: true } };
      const result = await captcha.verify(token, info.clientAddress);
      if (!result) return { body: { result } };
      const current = await sessions.live(info.tokenHash);
      if (current) {
        await store.setVerifiedCaptcha(current.id, true);
        return { body: { result } };
      }
      const opened = await sessions.open(info, 'ANONYMOUS', null, null, true);
      return { body: { result }, newToken: opened.token };
    },

    authenticatedSession: sessions.authenticated,
    covers: sessions.covers,
    checkSession: sessions.check,
    /** Records a failed identity check (a patient match) like a failed sign-in attempt. */
    countedCheck,
    logout: sessions.logout,

    /** Audit a read of patient data by a signed-in session (other modules call this). */
    auditRead(info: AuthenticationRequestInfo, session: PatientSession, what: string) {
      return audit(info, 'patient-data.read', session.bookingKey, {
        what,
        sessionId: session.id,
      });
    },
  };
}

export type AuthenticationService = ReturnType<typeof createAuthenticationService>;
