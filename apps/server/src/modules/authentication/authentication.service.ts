import {
  type AuthenticationPublicConfig,
  type AuthenticationRequest,
  type AuthenticationResponse,
  authenticationMessages,
} from '@portal/contract';
import type { CaptchaVerifier } from '../../adapters/captcha.ts';
import type { Clock } from '../../adapters/clock.ts';
import { constantTimeEqual, normalisedContactNumber } from './authentication-crypto.ts';
import {
  type AuthenticationRequestInfo,
  type AuthenticationSettings,
  attemptWindowStart,
  createAuthenticationAudit,
  otpApplies,
  type PatientSession,
  type WithCookie,
} from './authentication-model.ts';
import type { AuthenticationStore, PatientFacts } from './authentication-store.ts';
import { createOneTimePasswords } from './one-time-passwords.ts';
import { createSessions } from './sessions.ts';

export type {
  AuthenticationRequestInfo,
  AuthenticationSettings,
  PatientSession,
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
  });

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
    if (!settings.contactNumberAuthentication) return dateOk && patient !== undefined;
    const given = normalisedContactNumber(request.contactNumber) ?? '';
    const expected = normalisedContactNumber(patient?.contactNumber) ?? dummyContactNumber;
    const contactOk = constantTimeEqual(given, expected) && given !== '';
    return dateOk && contactOk && patient !== undefined;
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
      if (captcha.provider !== 'none' && !current?.verifiedCaptcha) {
        const token = request.captchaToken;
        if (token === undefined || !(await captcha.verify(token, info.clientAddress))) {
          await audit(info, 'access.sign-in.captcha-failed', request.bookingKey);
          return { body: failure(false) };
        }
      }
      const attempt = await store.recordAttempt({
        bookingKey: request.bookingKey,
        clientAddress: info.clientAddress,
        kind: 'DATE_OF_BIRTH',
        now,
        windowStart: attemptWindowStart(settings, now),
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
      const patient = await store.findPatientFacts(request.bookingKey, request.authenticationType);
      if (!factsMatch(request, patient)) {
        if (current?.verifiedCaptcha) await store.setVerifiedCaptcha(current.id, false);
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
      await store.forgetAttempt(attempt.id);
      const otpRequired = otpApplies(settings, request.authenticationType);
      const session = await sessions.open(
        info,
        otpRequired ? 'OTP_PENDING' : 'AUTHENTICATED',
        request.bookingKey,
        request.authenticationType,
        current?.verifiedCaptcha ?? false,
      );
      if (otpRequired) {
        const sent = await otps.issue(session.id, request.bookingKey, facts);
        await audit(info, sent ? 'access.otp.sent' : 'access.otp.held-back', request.bookingKey, {
          channel: settings.otpChannel,
          sessionId: session.id,
        });
      } else {
        await store.forgetKeyAttempts(request.bookingKey);
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

    /** POST /api/authentication/otp */
    sendOtp: otps.resend,
    /** POST /api/authentication/otp/validate */
    validateOtp: otps.validate,

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
