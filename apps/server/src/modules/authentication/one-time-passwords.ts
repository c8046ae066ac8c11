import {
  type AuthenticationType,
  authenticationMessages,
  type OtpChannel,
  type OtpSendRequest,
  type OtpSendResponse,
  type OtpValidateRequest,
  type OtpValidateResponse,
  referenceLocale,
  type SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { newOtpCode, newSessionToken, otpHash, sha256Hex } from './authentication-crypto.ts';
import {
  type AuthenticationAudit,
  type AuthenticationRequestInfo,
  type AuthenticationSettings,
  attemptLimits,
  attemptWindowStart,
  minutes,
  type SharedResultsAccess,
  type ShareSignInFacts,
  UnauthenticatedError,
  type WithCookie,
} from './authentication-model.ts';
import type { AuthenticationStore, PatientFacts } from './authentication-store.ts';
import { otpMessage } from './otp-message.ts';
import type { Sessions } from './sessions.ts';

/** A shared link's recipient as the OTP message addresses them. */
export const shareRecipientFacts = (share: ShareSignInFacts): PatientFacts => ({
  dateOfBirth: share.dateOfBirth,
  contactNumber: share.contact,
  email: share.contact,
  firstName: share.recipientName ?? 'there',
});

const noPendingSignIn = () =>
  new UnauthenticatedError('No sign-in is waiting for a one-time password.');

/**
 * One-time passwords (decisions 010 and 015): issued per session, stored as keyed hashes,
 * limited per booking key however they are triggered, tried once per attempt, and a right code
 * signs the session in under a new token.
 */
export function createOneTimePasswords(deps: {
  store: AuthenticationStore;
  clock: Clock;
  settings: AuthenticationSettings;
  /** SESSION_SECRET: keys the OTP hashes. */
  secret: string;
  providerName: string;
  sessions: Sessions;
  audit: AuthenticationAudit;
  /** The shared links' facts (an OTP for a shared sign-in goes to the share's contact). */
  shared: SharedResultsAccess | null;
}) {
  const { store, clock, settings, secret, providerName, sessions, audit } = deps;

  /** Whom the session's OTP goes to, and how: the patient, or a shared link's recipient. */
  async function recipientOf(session: {
    bookingKey: string;
    shareId: string | null;
    authenticationType: AuthenticationType | null;
  }): Promise<{ facts: PatientFacts; channel: OtpChannel } | undefined> {
    if (session.shareId === null) {
      const facts = await store.findPatientFacts(
        session.bookingKey,
        session.authenticationType ?? 'APPOINTMENT',
      );
      return facts && { facts, channel: settings.otpChannel };
    }
    const share = await deps.shared?.findActiveShare(session.bookingKey);
    if (share?.shareId !== session.shareId) return undefined;
    return { facts: shareRecipientFacts(share), channel: share.channel };
  }
  const limits = {
    minGapSeconds: settings.otpSecondsBetweenRequests,
    maxPerHour: settings.otpMaxPerHour,
  };

  const otps = {
    /**
     * Creates and queues an OTP for the session unless the booking key had one within the
     * resend wait or its hourly cap is used up, however the earlier ones were triggered.
     */
    async issue(
      sessionId: string,
      bookingKey: string,
      patient: PatientFacts,
      channel: OtpChannel = settings.otpChannel,
      locale: SupportedLocale = referenceLocale,
    ) {
      const now = clock.now();
      const code = newOtpCode();
      return store.transaction(async (tx) => {
        if (!(await tx.claimOtpSend(bookingKey, now, limits))) return false;
        await tx.insertOtp({
          sessionId,
          bookingKey,
          codeHash: otpHash(secret, sessionId, bookingKey, code),
          channel,
          now,
          expiresAt: new Date(now.getTime() + minutes(settings.otpExpiryMinutes)),
          triesLeft: settings.otpMaxTries,
        });
        await tx.enqueueMessages(
          [
            otpMessage(locale, {
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
    },

    /** POST /api/authentication/otp: resend, when the key's pause and hourly cap allow. */
    async resend(
      request: OtpSendRequest,
      info: AuthenticationRequestInfo,
    ): Promise<OtpSendResponse> {
      const session = await sessions.live(info.tokenHash);
      if (session?.state !== 'OTP_PENDING' || session.bookingKey !== request.bookingKey) {
        throw noPendingSignIn();
      }
      const recipient = await recipientOf({
        bookingKey: request.bookingKey,
        shareId: session.shareId,
        authenticationType: session.authenticationType ?? request.authenticationType,
      });
      if (!recipient) throw noPendingSignIn();
      const issued = await otps.issue(
        session.id,
        request.bookingKey,
        recipient.facts,
        recipient.channel,
        request.locale,
      );
      if (issued) {
        await audit(info, 'access.otp.sent', request.bookingKey, {
          channel: recipient.channel,
          sessionId: session.id,
          resend: true,
        });
        return { sent: true, retryAfterSeconds: settings.otpSecondsBetweenRequests };
      }
      const now = clock.now();
      const next = await store.nextOtpSendAt(request.bookingKey, now, limits);
      const waitMs = next.getTime() - now.getTime();
      return { sent: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    /**
     * POST /api/authentication/otp/validate: success turns the pending session into a
     * signed-in one under a new token (the pending token stops working: OWASP ASVS 3.2.1).
     */
    async validate(
      request: OtpValidateRequest,
      info: AuthenticationRequestInfo,
    ): Promise<WithCookie<OtpValidateResponse>> {
      const now = clock.now();
      const session = await sessions.live(info.tokenHash);
      if (session?.state !== 'OTP_PENDING' || session.bookingKey !== request.bookingKey) {
        throw noPendingSignIn();
      }
      const failed = (maxAttemptsReached: boolean): WithCookie<OtpValidateResponse> => ({
        body: { success: false, maxAttemptsReached, message: authenticationMessages.otpError },
      });
      const attempt = await store.recordAttempt({
        bookingKey: request.bookingKey,
        clientAddress: info.clientAddress,
        kind: 'OTP',
        now,
        windowStart: attemptWindowStart(settings, now),
        kioskDeviceId: info.kioskDeviceId ?? null,
      });
      const limits = attemptLimits(settings, attempt);
      if (limits.past) {
        await audit(info, 'access.otp.blocked', request.bookingKey, { sessionId: session.id });
        return failed(true);
      }
      const tried = await store.tryOtp({
        sessionId: session.id,
        bookingKey: request.bookingKey,
        codeHash: otpHash(secret, session.id, request.bookingKey, request.otp),
        now,
      });
      if (!tried?.used) {
        const exhausted =
          tried === undefined ? await store.latestOtpExhausted(session.id) : tried.triesLeft <= 0;
        await audit(info, 'access.otp.failed', request.bookingKey, {
          sessionId: session.id,
          reason: tried === undefined ? 'NO_USABLE_OTP' : 'WRONG_CODE',
        });
        return failed(exhausted || limits.reached);
      }
      const token = newSessionToken();
      const upgraded = await store.authenticateSession(session.id, {
        now,
        idleExpiresAt: sessions.idleExpiry(
          now,
          session.absoluteExpiresAt,
          session.kioskDeviceId !== null,
        ),
        tokenHash: sha256Hex(token),
      });
      if (!upgraded) throw new UnauthenticatedError('The sign-in is no longer waiting.');
      await store.forgetKeyAttempts(request.bookingKey);
      await audit(info, 'access.otp.used', request.bookingKey, { sessionId: session.id });
      await audit(info, 'access.sign-in.succeeded', request.bookingKey, {
        authenticationType: session.authenticationType,
        sessionId: session.id,
      });
      return { newToken: token, body: { success: true, maxAttemptsReached: false, message: null } };
    },
  };
  return otps;
}
