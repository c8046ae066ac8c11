import cookie from '@fastify/cookie';
import { unauthenticatedErrorCode } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { type CaptchaVerifier, createCaptchaVerifier } from '../../adapters/captcha.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { registerAuthenticationRoutes, sessionTokenHash } from './authentication.routes.ts';
import {
  type AuthenticationService,
  type AuthenticationSettings,
  createAuthenticationService,
  type PatientScope,
  type PatientSession,
  type SharedResultsAccess,
} from './authentication.service.ts';
import { sha256Hex } from './authentication-crypto.ts';
import { createAuthenticationStore } from './authentication-store.ts';

export {
  authenticationRequestInfo,
  isPlausibleToken,
  sessionCookieOptions,
} from './authentication.routes.ts';
export type {
  AuthenticationRequestInfo,
  AuthenticationService,
  PatientScope,
  PatientSession,
  SharedResultsAccess,
  ShareSignInFacts,
} from './authentication.service.ts';
export { sha256Hex } from './authentication-crypto.ts';
export { otpMessage } from './otp-message.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set on every /api/secured/... request that got past the guard. */
    patientSession: PatientSession | null;
  }
  interface FastifyInstance {
    /** The authentication service, for modules that audit reads through it. */
    authentication: AuthenticationService;
  }
  interface FastifyContextConfig {
    /**
     * Required on every /api/secured route: the kind of patient page it serves. The guard
     * admits a session only for the route's `:bookingKey` and only when the session covers
     * this kind (docs/decisions/015); a secured route without it answers 401 to everyone.
     */
    patientScope?: PatientScope;
  }
}

export interface AuthenticationModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  settings: AuthenticationSettings;
  /** SESSION_SECRET (env). */
  secret: string;
  /** CAPTCHA_SECRET (env); needed when settings.captcha.provider is not 'none'. */
  captchaSecret: string | null;
  /** Secure cookies (production). */
  secureCookie: boolean;
  providerName: string;
  /** Tests hand in a fake; otherwise built from the settings. */
  captcha?: CaptchaVerifier;
  /** The results module's shares, for shared links' sign-ins (docs/decisions/023). */
  shared?: SharedResultsAccess;
}

const securedPrefix = '/api/secured/';

function unauthenticated(reply: FastifyReply) {
  return sendError(reply, 401, unauthenticatedErrorCode, 'Sign in to see this booking.');
}

/**
 * Patient authentication: sign-in (date of birth, OTP, captcha), sessions and the
 * /api/secured guard. Not encapsulated (fastify-plugin): the cookie parser, the
 * guard hook and `request.patientSession` apply to every module registered after it.
 */
export const authenticationModule = fp<AuthenticationModuleDeps>(
  async (app: FastifyInstance, deps) => {
    await app.register(cookie);
    const service = createAuthenticationService({
      store: createAuthenticationStore(deps.db),
      clock: deps.clock,
      settings: deps.settings,
      secret: deps.secret,
      captcha:
        deps.captcha ??
        createCaptchaVerifier({
          provider: deps.settings.captcha.provider,
          secret: deps.captchaSecret,
        }),
      providerName: deps.providerName,
      ...(deps.shared ? { shared: deps.shared } : {}),
    });
    app.decorate('authentication', service);
    app.decorateRequest('patientSession', null);
    app.addHook('onRequest', async (request, reply) => {
      // The route's pattern, not only the raw URL: an escaped path (/api/%73ecured/...) still matches it.
      const pattern = request.routeOptions.url;
      const isSecured = request.url.startsWith(securedPrefix) || pattern?.startsWith(securedPrefix);
      if (!isSecured) return;
      const session = await service.authenticatedSession(sessionTokenHash(request));
      if (!session) return unauthenticated(reply);
      // No pattern: nothing is routed here, and the 404 handler answers.
      if (pattern !== undefined) {
        const scope = request.routeOptions.config.patientScope;
        const params = request.params as { bookingKey?: unknown; shareToken?: unknown } | undefined;
        // A shared read names the link's token; its session holds only the token's hash.
        const bookingKey =
          scope === 'SHARED_RESULTS'
            ? typeof params?.shareToken === 'string'
              ? sha256Hex(params.shareToken)
              : undefined
            : params?.bookingKey;
        if (scope === undefined) {
          request.log.error({ route: pattern }, 'secured route without a patientScope');
          return unauthenticated(reply);
        }
        if (session.bookingKey !== bookingKey || !service.covers(session, scope)) {
          return unauthenticated(reply);
        }
      }
      request.patientSession = session;
      // Patient data: never kept by a shared cache or the browser's back/forward store.
      reply.header('cache-control', 'no-store');
    });
    registerAuthenticationRoutes(app, service, { secureCookie: deps.secureCookie });
  },
  { name: 'authentication' },
);
