import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import { createOidcVerifier, type OidcVerifier } from '../../adapters/oidc.ts';
import type { Database } from '../../db/database.ts';
import { insertAuditEvent } from '../audit/index.ts';
import { sha256Hex } from '../authentication/index.ts';
import { StaffUnauthenticatedError } from './sso.errors.ts';
import * as repository from './sso.repository.ts';
import { registerSsoRoutes, staffTokenHash } from './sso.routes.ts';
import { createSsoService, type SsoService, type StaffSession } from './sso.service.ts';

export type { StaffSession } from './sso.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Single sign-on's sessions, for modules that let only staff or referrers in. */
    sso: SsoService;
  }
  interface FastifyRequest {
    /** Set by requireStaff on the routes it guards. */
    staffSession: StaffSession | null;
  }
}

export interface SsoModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** application.azureUrlWithTenantId: the OpenID Connect issuer; null turns SSO off. */
  issuer: string | null;
  /** application.azureClientId; null turns SSO off. */
  clientId: string | null;
  secureCookie: boolean;
  /** The roles' wording overrides (the assets module's roleTranslationsFor). */
  roleTranslations?: (roles: readonly string[]) => string | null;
  /** Tests may hand in a verifier with a short timeout. */
  verifier?: OidcVerifier;
}

/**
 * The staff session of a request, or undefined: for a module that shows staff more (e.g. the
 * image viewer's link generation). Needs the sso module registered before.
 */
export async function staffOf(request: FastifyRequest): Promise<StaffSession | undefined> {
  return request.server.sso.session(staffTokenHash(request, sha256Hex));
}

/**
 * A preHandler admitting only a signed-in staff member or referrer (401 SSO_UNAUTHENTICATED
 * otherwise); the route then reads request.staffSession.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const session = await staffOf(request);
  if (!session) throw new StaffUnauthenticatedError('Sign in with single sign-on.');
  request.staffSession = session;
}

/**
 * Single sign-on for staff and referrers (docs/product/single-sign-on.md): nonces, the ID
 * token's verification into a staff session, the user state and logout. Not encapsulated
 * (fastify-plugin): `app.sso` and `request.staffSession` serve the modules registered after it.
 * Registered after the authentication module, whose cookie parser it uses.
 */
export const ssoModule = fp<SsoModuleDeps>(async (app: FastifyInstance, deps) => {
  const { db } = deps;
  const verifier =
    deps.verifier ??
    (deps.issuer && deps.clientId
      ? createOidcVerifier({
          issuer: deps.issuer,
          clientId: deps.clientId,
          now: () => deps.clock.now(),
        })
      : null);
  const service = createSsoService({
    verifier,
    clock: deps.clock,
    hash: sha256Hex,
    roleTranslations: deps.roleTranslations,
    store: {
      insertNonce: (hash, now, expiresAt) => repository.insertNonce(db, hash, now, expiresAt),
      consumeNonce: (hash, now) => repository.consumeNonce(db, hash, now),
      insertStaffSession: (session) => repository.insertStaffSession(db, session),
      findLiveStaffSession: (hash, now) => repository.findLiveStaffSession(db, hash, now),
      touchStaffSession: (id, now, idle) => repository.touchStaffSession(db, id, now, idle),
      deleteStaffSession: (hash) => repository.deleteStaffSession(db, hash),
      deleteExpired: (now) => repository.deleteExpired(db, now),
      insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    },
  });
  app.decorate('sso', service);
  app.decorateRequest('staffSession', null);
  registerSsoRoutes(app, service, { secureCookie: deps.secureCookie, hash: sha256Hex });
});
