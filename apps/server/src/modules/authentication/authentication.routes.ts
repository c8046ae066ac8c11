import {
  authenticationPublicConfigSchema,
  authenticationRequestSchema,
  authenticationResponseSchema,
  captchaVerifyRequestSchema,
  captchaVerifyResponseSchema,
  errorResponseSchema,
  otpSendRequestSchema,
  otpSendResponseSchema,
  otpValidateRequestSchema,
  otpValidateResponseSchema,
  sessionCookieName,
  sessionQuerySchema,
  sessionResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kioskDeviceOf } from '../audit/index.ts';
import type { AuthenticationRequestInfo, AuthenticationService } from './authentication.service.ts';
import { sha256Hex } from './authentication-crypto.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
// Tokens are 32 random bytes in base64url; anything else cannot be a session.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Whether a cookie's value can be one of our 256-bit tokens (a session's, a nonce's). */
export const isPlausibleToken = (value: string | undefined): value is string =>
  value !== undefined && tokenPattern.test(value);

/** A session cookie: HttpOnly, SameSite=Lax, the whole site, Secure in production. */
export const sessionCookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: 'lax', path: '/', secure }) as const;

/** Sent by the web app's API calls from a page in a provider's frame (web lib/embedding.ts). */
export const embeddedRequestHeader = 'portal-embedded';

/**
 * The session cookie for this request: in a provider's frame over HTTPS, SameSite=None so the
 * framed page gets it at all, and Partitioned so it belongs to that provider's site only
 * (docs/decisions/039-embedding-partitioned-cookies-and-fetch-metadata.md); else as above.
 */
export function sessionCookieOptionsFor(request: FastifyRequest, secure: boolean) {
  if (request.headers[embeddedRequestHeader] === '1' && request.protocol === 'https') {
    return {
      httpOnly: true,
      sameSite: 'none',
      path: '/',
      secure: true,
      partitioned: true,
    } as const;
  }
  return sessionCookieOptions(secure);
}

/** SHA-256 of the session cookie's token, or null when there is no plausible one. */
export function sessionTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies?.[sessionCookieName];
  return isPlausibleToken(token) ? sha256Hex(token) : null;
}

export function authenticationRequestInfo(request: FastifyRequest): AuthenticationRequestInfo {
  return {
    tokenHash: sessionTokenHash(request),
    clientAddress: request.ip ?? 'unknown',
    requestId: String(request.id),
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    kioskDeviceId: kioskDeviceOf(request.cookies)?.id ?? null,
  };
}

export function registerAuthenticationRoutes(
  app: FastifyInstance,
  service: AuthenticationService,
  options: { secureCookie: boolean },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const setSession = (request: FastifyRequest, reply: FastifyReply, token: string | undefined) => {
    if (token === undefined) return;
    reply.setCookie(
      sessionCookieName,
      token,
      sessionCookieOptionsFor(request, options.secureCookie),
    );
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  routes.get(
    '/api/config/authentication',
    {
      schema: {
        summary:
          'What the browser needs of the authentication settings (contact number, captcha, OTP)',
        tags: ['config', 'authentication'],
        response: { 200: authenticationPublicConfigSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return service.publicConfig();
    },
  );

  routes.post(
    '/api/authentication',
    {
      schema: {
        summary:
          'Sign in with booking key and date of birth; sets the session cookie (OTP_PENDING or AUTHENTICATED)',
        tags: ['authentication'],
        body: authenticationRequestSchema,
        response: { 200: authenticationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.authenticate(request.body, authenticationRequestInfo(request));
      setSession(request, reply, result.newToken);
      noStore(reply);
      return result.body;
    },
  );

  routes.post(
    '/api/authentication/otp',
    {
      schema: {
        summary: 'Send the one-time password again (after otpSecondsBetweenRequests)',
        tags: ['authentication'],
        body: otpSendRequestSchema,
        response: { 200: otpSendResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.sendOtp(request.body, authenticationRequestInfo(request));
    },
  );

  routes.post(
    '/api/authentication/otp/validate',
    {
      schema: {
        summary:
          'Check the one-time password; success signs the session in under a new session cookie',
        tags: ['authentication'],
        body: otpValidateRequestSchema,
        response: { 200: otpValidateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.validateOtp(request.body, authenticationRequestInfo(request));
      setSession(request, reply, result.newToken);
      noStore(reply);
      return result.body;
    },
  );

  routes.post(
    '/api/authentication/captcha',
    {
      schema: {
        summary: 'Verify a captcha token with the configured provider (always true without one)',
        tags: ['authentication'],
        body: captchaVerifyRequestSchema,
        response: { 200: captchaVerifyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.verifyCaptcha(
        request.body.token,
        authenticationRequestInfo(request),
      );
      setSession(request, reply, result.newToken);
      noStore(reply);
      return result.body;
    },
  );

  routes.get(
    '/api/authentication/session',
    {
      schema: {
        summary:
          'Whether this browser is signed in for the booking key and, when given, that kind of page (401 when not)',
        tags: ['authentication'],
        querystring: sessionQuerySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.checkSession(
        request.query.bookingKey,
        sessionTokenHash(request),
        request.query.authenticationType,
        request.query.shared === 'true',
      );
    },
  );

  routes.post(
    '/api/authentication/logout',
    {
      schema: {
        summary: 'End the session (also when there is none)',
        tags: ['authentication'],
        response: { 204: z.null().describe('Signed out'), ...errors },
      },
    },
    async (request, reply) => {
      await service.logout(authenticationRequestInfo(request));
      reply.clearCookie(sessionCookieName, sessionCookieOptionsFor(request, options.secureCookie));
      return reply.status(204).header('cache-control', 'no-store').send(null);
    },
  );
}
