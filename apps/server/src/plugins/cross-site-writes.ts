import { errorCodes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../domain-error.ts';

export class CrossSiteRequestError extends DomainError {
  readonly statusCode = 403;
  readonly code: string = errorCodes.crossSiteRequest;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What browsers send for a request that a page of this origin made, or the person typed. */
const ownRequests = new Set(['same-origin', 'none']);

/**
 * Refuses a write under /api/ that a browser says another site's page sent (Sec-Fetch-Site
 * cross-site or same-site). The session cookie is SameSite=None inside a provider's frame
 * (docs/decisions/039-embedding-partitioned-cookies-and-fetch-metadata.md), so SameSite no
 * longer stops a forged form post there; this does, in every browser that sends fetch
 * metadata. Requests without the header (servers calling the integration API with a key,
 * older browsers) are left to the routes' own checks.
 */
export const crossSiteWritesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!writeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
      const site = request.headers['sec-fetch-site'];
      if (typeof site !== 'string' || ownRequests.has(site)) return;
      throw new CrossSiteRequestError(
        'This change must be made from the portal itself, not from another website.',
      );
    });
  },
  { name: 'cross-site-writes' },
);
