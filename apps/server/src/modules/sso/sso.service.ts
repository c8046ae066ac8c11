import { randomBytes } from 'node:crypto';
import type { SsoRefusalReason, User } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import {
  IdentityProviderUnavailableError,
  IdTokenRefusedError,
  type OidcVerifier,
} from '../../adapters/oidc.ts';
import type { AuditEvent, RequestContext } from '../audit/index.ts';
import {
  SsoDisabledError,
  SsoProviderUnavailableError,
  SsoTokenRefusedError,
} from './sso.errors.ts';
import type { NewStaffSession, StaffSessionRow } from './sso.repository.ts';
import { type StaffIdentity, staffIdentityOf } from './sso-claims.ts';

/** docs/product/single-sign-on.md#sessions: a shift's length, and a break's. */
export const staffSessionIdleMinutes = 30;
export const staffSessionAbsoluteHours = 10;
/** An issued nonce waits this long for its ID token (the provider's sign-in page included). */
export const ssoNonceMinutes = 10;
const touchIntervalMs = 60_000;
const housekeepingIntervalMs = 10 * 60_000;

export interface SsoStore {
  insertNonce(nonceHash: string, now: Date, expiresAt: Date): Promise<void>;
  consumeNonce(nonceHash: string, now: Date): Promise<'USED' | 'REPLAYED' | 'UNKNOWN'>;
  insertStaffSession(session: NewStaffSession): Promise<string>;
  findLiveStaffSession(tokenHash: string, now: Date): Promise<StaffSessionRow | undefined>;
  touchStaffSession(id: string, now: Date, idleExpiresAt: Date): Promise<void>;
  deleteStaffSession(tokenHash: string): Promise<{ id: string; subject: string } | undefined>;
  deleteExpired(now: Date): Promise<void>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export interface SsoRequestInfo extends RequestContext {
  /** SHA-256 of the staff session cookie's token, when it holds a plausible one. */
  tokenHash: string | null;
}

/** The signed-in staff member or referrer, as the rest of the server sees them. */
export interface StaffSession {
  id: string;
  user: User;
}

type UserFacts = Omit<StaffSessionRow, 'id' | 'lastSeenAt' | 'absoluteExpiresAt'>;

export function createSsoService(deps: {
  /** null while azureClientId or azureUrlWithTenantId is not configured. */
  verifier: OidcVerifier | null;
  store: SsoStore;
  clock: Clock;
  hash: (value: string) => string;
  /** The user's roles' wording overrides as spec 1 §3's JSON string, or null (assets module). */
  roleTranslations?: (roles: readonly string[]) => string | null;
}) {
  const { verifier, store, clock, hash } = deps;
  const userOf = (row: UserFacts): User => ({
    userId: row.subject,
    username: row.username,
    organization: row.organization,
    currentDoctor:
      row.firstName && row.lastName ? { firstName: row.firstName, lastName: row.lastName } : null,
    roleTranslations: deps.roleTranslations?.(row.roles) ?? null,
  });
  const minutes = (n: number) => n * 60_000;
  let lastHousekeeping = 0;

  const audit = (info: RequestContext, action: string, subjectId: string, details = {}) =>
    store.insertAuditEvent(
      {
        actor: 'staff',
        action,
        subjectType: 'staff_user',
        subjectId,
        clientAddress: info.clientAddress,
        requestId: info.requestId,
        details,
      },
      clock.now(),
    );

  async function refuse(info: RequestContext, reason: SsoRefusalReason): Promise<never> {
    // The subject of a refused token is not trusted: the event names no one.
    await audit(info, 'sso.token.refused', 'unknown', { reason });
    throw new SsoTokenRefusedError(reason);
  }

  async function verified(idToken: string, info: RequestContext) {
    if (!verifier) throw new SsoDisabledError('Single sign-on is not configured.');
    try {
      return await verifier.verifyIdToken(idToken);
    } catch (error) {
      if (error instanceof IdTokenRefusedError) return refuse(info, error.reason);
      if (error instanceof IdentityProviderUnavailableError) {
        throw new SsoProviderUnavailableError(
          'The identity provider cannot be reached. Try again later.',
        );
      }
      throw error;
    }
  }

  return {
    enabled: verifier !== null,

    /** POST /api/sso/nonce: a new nonce for one sign-in (the route binds it to the browser). */
    async issueNonce(): Promise<string> {
      if (!verifier) throw new SsoDisabledError('Single sign-on is not configured.');
      const nonce = randomBytes(32).toString('base64url');
      const now = clock.now();
      // Expired sessions and nonces go now and then, on the way of a new sign-in.
      if (now.getTime() - lastHousekeeping >= housekeepingIntervalMs) {
        lastHousekeeping = now.getTime();
        await store.deleteExpired(now);
      }
      await store.insertNonce(hash(nonce), now, new Date(now.getTime() + minutes(ssoNonceMinutes)));
      return nonce;
    },

    /**
     * POST /api/sso/session: a verified ID token (signature by the provider's keys, issuer,
     * audience, expiry) carrying the nonce this browser was given and never used before
     * becomes a staff session. Returns the session's new token and its user.
     */
    async signIn(idToken: string, browserNonce: string | null, info: SsoRequestInfo) {
      const claims = await verified(idToken, info);
      // Several audiences: the token must have been issued to us (OIDC Core 3.1.3.7).
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== verifier!.clientId) {
        return refuse(info, 'WRONG_AUDIENCE');
      }
      if (typeof claims.nonce !== 'string' || claims.nonce === '') {
        return refuse(info, 'NONCE_MISSING');
      }
      if (browserNonce !== claims.nonce) return refuse(info, 'NONCE_MISMATCH');
      const identity: StaffIdentity | null = staffIdentityOf(claims);
      if (!identity) return refuse(info, 'CLAIMS_MISSING');
      const now = clock.now();
      const consumed = await store.consumeNonce(hash(claims.nonce), now);
      if (consumed === 'REPLAYED') return refuse(info, 'NONCE_REPLAYED');
      if (consumed === 'UNKNOWN') return refuse(info, 'NONCE_UNKNOWN');

      const token = randomBytes(32).toString('base64url');
      const absolute = new Date(now.getTime() + staffSessionAbsoluteHours * 3_600_000);
      // A sign-in never reuses the browser's old session.
      if (info.tokenHash) await store.deleteStaffSession(info.tokenHash);
      const id = await store.insertStaffSession({
        tokenHash: hash(token),
        issuer: verifier!.issuer,
        ...identity,
        clientAddress: info.clientAddress,
        now,
        idleExpiresAt: new Date(
          Math.min(now.getTime() + minutes(staffSessionIdleMinutes), absolute.getTime()),
        ),
        absoluteExpiresAt: absolute,
      });
      await audit(info, 'sso.session.started', identity.subject, { sessionId: id });
      const user: User = userOf(identity);
      return { token, user, maxAgeSeconds: staffSessionAbsoluteHours * 3600 };
    },

    /** The live staff session of this token, its idle expiry slid (at most once a minute). */
    async session(tokenHash: string | null): Promise<StaffSession | undefined> {
      if (tokenHash === null) return undefined;
      const now = clock.now();
      const row = await store.findLiveStaffSession(tokenHash, now);
      if (!row) return undefined;
      if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalMs) {
        const idle = Math.min(
          now.getTime() + minutes(staffSessionIdleMinutes),
          row.absoluteExpiresAt.getTime(),
        );
        await store.touchStaffSession(row.id, now, new Date(idle));
      }
      return { id: row.id, user: userOf(row) };
    },

    /** DELETE /api/sso/session: the row goes (the route clears the cookie). */
    async logout(info: SsoRequestInfo): Promise<void> {
      if (info.tokenHash === null) return;
      const ended = await store.deleteStaffSession(info.tokenHash);
      if (ended) await audit(info, 'sso.session.ended', ended.subject, { sessionId: ended.id });
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
