import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildContentSecurityPolicy, type CspInput } from './content-security-policy.ts';

export interface SecurityOptions extends CspInput {
  rateLimitMax: number;
}

const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/** apps/web's single sign-on popup callback (features/sso/model/single-sign-on.ts). */
const ssoPopupCallbackPath = '/sso/popup-callback';

const isIframeRoute = (url: string) =>
  url === '/iframe' || url.startsWith('/iframe/') || url.startsWith('/iframe?');

/**
 * Security headers (helmet, plus our own CSP per route family) and a
 * per-client rate limit on the API. The limit's counters live in memory for
 * now; several instances behind a balancer each count on their own.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    const defaultPolicy = buildContentSecurityPolicy(options, false);
    const iframePolicy = buildContentSecurityPolicy(options, true);
    await app.register(helmet, {
      // Our CSP differs by route (frame-ancestors), so it is set in the hook below.
      contentSecurityPolicy: false,
      hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Map tiles and analytics images are cross-origin and do not send CORP headers.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Single sign-on's popup (docs/product/single-sign-on.md) goes to the identity provider:
      // helmet's default, same-origin, isolates it from the page that opened it at once, and
      // oidc-client-ts reports the popup closed (message.error_check_images_authorization,
      // e2e/tests/image-viewer-access.spec.ts). Other sites' windows still get no reference.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/')) {
        // Data, never a document: nothing may load or frame it (and the header stays short,
        // it is on every API answer).
        reply.header('content-security-policy', apiPolicy);
      } else if (isIframeRoute(request.url)) {
        // frame-ancestors decides who may embed; X-Frame-Options cannot express a list.
        reply.raw.removeHeader('x-frame-options');
        reply.header('content-security-policy', iframePolicy);
      } else {
        reply.header('content-security-policy', defaultPolicy);
      }
      if (request.url.startsWith(ssoPopupCallbackPath)) {
        // The popup comes back here from the provider's origin and hands the answer to
        // window.opener: any COOP but unsafe-none on this page would put it in a new browsing
        // context group, without its opener. It renders nothing but "signing you in".
        reply.header('cross-origin-opener-policy', 'unsafe-none');
      }
    });
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });
  },
  { name: 'security' },
);
