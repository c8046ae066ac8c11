import {
  errorResponseSchema,
  ssoNonceCookieName,
  ssoNonceResponseSchema,
  ssoSessionRequestSchema,
  staffSessionCookieName,
  userSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context.ts';
import { isPlausibleToken, sessionCookieOptions } from '../authentication/index.ts';
import { StaffUnauthenticatedError } from './sso.errors.ts';
import { type SsoRequestInfo, type SsoService, ssoNonceMinutes } from './sso.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
export function staffTokenHash(request: FastifyRequest, hash: (v: string) => string) {
  const token = request.cookies?.[staffSessionCookieName];
  return isPlausibleToken(token) ? hash(token) : null;
}

export function registerSsoRoutes(
  app: FastifyInstance,
  service: SsoService,
  options: { secureCookie: boolean; hash: (v: string) => string },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = sessionCookieOptions(options.secureCookie);
  const info = (request: FastifyRequest): SsoRequestInfo => ({
    ...requestContext(request),
    tokenHash: staffTokenHash(request, options.hash),
  });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  routes.post(
    '/api/sso/nonce',
    {
      schema: {
        summary:
          'Single sign-on: a nonce for one sign-in at the identity provider, bound to this browser by an HttpOnly cookie (10 minutes)',
        tags: ['sso'],
        response: { 200: ssoNonceResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      const nonce = await service.issueNonce();
      reply.setCookie(ssoNonceCookieName, nonce, {
        ...cookieOptions,
        path: '/api/sso',
        maxAge: ssoNonceMinutes * 60,
      });
      noStore(reply);
      return { nonce };
    },
  );

  routes.post(
    '/api/sso/session',
    {
      schema: {
        summary:
          "Single sign-on: the provider's ID token (verified: keys, issuer, audience, expiry, this browser's unused nonce) opens a staff session; 401 SSO_TOKEN_REFUSED with params.reason otherwise",
        tags: ['sso'],
        body: ssoSessionRequestSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const nonce = request.cookies?.[ssoNonceCookieName];
      noStore(reply);
      // The nonce is spent either way: a refused sign-in starts again with a new one.
      reply.clearCookie(ssoNonceCookieName, { ...cookieOptions, path: '/api/sso' });
      const result = await service.signIn(
        request.body.idToken,
        isPlausibleToken(nonce) ? nonce : null,
        info(request),
      );
      reply.setCookie(staffSessionCookieName, result.token, cookieOptions);
      return result.user;
    },
  );

  routes.get(
    '/api/sso/session',
    {
      schema: {
        summary: 'Single sign-on: the signed-in staff member or referrer (user state), or 401',
        tags: ['sso'],
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await service.session(info(request).tokenHash);
      if (!session) throw new StaffUnauthenticatedError('No staff session. Sign in.');
      return session.user;
    },
  );

  routes.delete(
    '/api/sso/session',
    {
      schema: {
        summary: 'Single sign-on: log out (the staff session ends on the server)',
        tags: ['sso'],
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.logout(info(request));
      reply.clearCookie(staffSessionCookieName, cookieOptions);
      noStore(reply);
      return reply.status(204).send(null);
    },
  );
}
