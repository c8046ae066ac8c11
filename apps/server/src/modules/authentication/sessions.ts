import type { AuthenticationType, SessionResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { newSessionToken, sha256Hex } from './authentication-crypto.ts';
import {
  type AuthenticationAudit,
  type AuthenticationRequestInfo,
  type AuthenticationSettings,
  attemptWindowStart,
  covers,
  minutes,
  type PatientScope,
  type PatientSession,
  UnauthenticatedError,
} from './authentication-model.ts';
import type { AuthenticationStore } from './authentication-store.ts';

// A sliding idle expiry, written at most once a minute per session instead of on every request.
const touchIntervalMs = 60_000;
const housekeepingIntervalMs = 10 * 60_000;

/**
 * Sessions as rows behind the cookie (decision 010): opening one under a new token, reading the
 * live one, sliding its idle expiry, what it covers (decision 015), logout and housekeeping.
 */
export function createSessions(deps: {
  store: AuthenticationStore;
  clock: Clock;
  settings: AuthenticationSettings;
  audit: AuthenticationAudit;
}) {
  const { store, clock, settings, audit } = deps;
  let lastHousekeeping = 0;

  /** A session opened at a kiosk expires sooner: the next patient must not find it open. */
  const idleExpiry = (now: Date, absolute: Date, atKiosk = false) =>
    new Date(
      Math.min(
        now.getTime() +
          minutes(atKiosk ? settings.kioskSessionIdleMinutes : settings.sessionIdleMinutes),
        absolute.getTime(),
      ),
    );

  const sessions = {
    idleExpiry,

    /** The live session of a token hash, in whatever state. */
    async live(tokenHash: string | null) {
      if (tokenHash === null) return undefined;
      return store.findLiveSession(tokenHash, clock.now());
    },

    /** Opens a new session (a new token: a sign-in never reuses the browser's old one). */
    async open(
      info: AuthenticationRequestInfo,
      state: 'OTP_PENDING' | 'AUTHENTICATED' | 'ANONYMOUS',
      bookingKey: string | null,
      type: AuthenticationType | null,
      verifiedCaptcha: boolean,
      shareId: string | null = null,
    ) {
      const now = clock.now();
      const absolute = new Date(now.getTime() + settings.sessionAbsoluteHours * 3_600_000);
      const token = newSessionToken();
      if (info.tokenHash !== null) await store.deleteSessionByTokenHash(info.tokenHash);
      const kioskDeviceId = info.kioskDeviceId ?? null;
      const id = await store.insertSession({
        tokenHash: sha256Hex(token),
        state,
        bookingKey,
        authenticationType: type,
        verifiedCaptcha,
        shareId,
        kioskDeviceId,
        clientAddress: info.clientAddress,
        now,
        idleExpiresAt: idleExpiry(now, absolute, kioskDeviceId !== null),
        absoluteExpiresAt: absolute,
      });
      return { id, token };
    },

    /**
     * The AUTHENTICATED session of this token, its idle expiry slid forward (at
     * most one write a minute); undefined when there is none.
     */
    async authenticated(tokenHash: string | null): Promise<PatientSession | undefined> {
      const session = await sessions.live(tokenHash);
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
        idleExpiresAt = idleExpiry(now, session.absoluteExpiresAt, session.kioskDeviceId !== null);
        await store.touchSession(session.id, now, idleExpiresAt);
      }
      return {
        id: session.id,
        bookingKey: session.bookingKey,
        authenticationType: session.authenticationType,
        otpVerified: session.otpVerified,
        shareId: session.shareId,
        expiresAt: idleExpiresAt,
      };
    },

    /** Whether the session may reach pages of kind `scope` (decision 015). */
    covers: (session: PatientSession, scope: PatientScope) => covers(settings, session, scope),

    /**
     * GET /api/authentication/session: 200 only when the session covers this key and, when
     * given, this kind of page.
     */
    async check(
      bookingKey: string,
      tokenHash: string | null,
      scope?: AuthenticationType,
      shared = false,
    ): Promise<SessionResponse> {
      const session = await sessions.authenticated(tokenHash);
      // A shared link's session is named by its token's hash and covers only the shared read.
      const sessionKey = shared ? sha256Hex(bookingKey) : bookingKey;
      const reaches = shared
        ? session !== undefined && covers(settings, session, 'SHARED_RESULTS')
        : session !== undefined &&
          session.shareId === null &&
          (scope === undefined || covers(settings, session, scope));
      if (!session || session.bookingKey !== sessionKey || !reaches) {
        throw new UnauthenticatedError('Sign in to see this booking.');
      }
      return {
        authenticated: true,
        bookingKey,
        authenticationType: session.authenticationType,
        shared,
        expiresAt: session.expiresAt.toISOString(),
      };
    },

    /** POST /api/authentication/logout: the row goes; the cookie is cleared by the route. */
    async logout(info: AuthenticationRequestInfo): Promise<void> {
      if (info.tokenHash === null) return;
      const ended = await store.deleteSessionByTokenHash(info.tokenHash);
      if (ended?.bookingKey) {
        await audit(info, 'access.session.ended', ended.bookingKey, { sessionId: ended.id });
      }
    },

    /**
     * At most every 10 minutes per instance: expired sessions, attempts out of the window and
     * OTP send counts that no longer hold anything back.
     */
    async housekeeping(now: Date) {
      if (now.getTime() - lastHousekeeping < housekeepingIntervalMs) return;
      lastHousekeeping = now.getTime();
      await store.deleteExpired(now, {
        attempts: attemptWindowStart(settings, now),
        otpSends: new Date(
          now.getTime() - Math.max(3_600_000, settings.otpSecondsBetweenRequests * 1000),
        ),
      });
    },
  };
  return sessions;
}

export type Sessions = ReturnType<typeof createSessions>;
