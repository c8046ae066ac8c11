import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../modules/audit/index.ts';

/** Who asked, for the audit trail: the client's address (TRUST_PROXY decides which) and the request id. */
export const requestContext = (request: FastifyRequest): RequestContext => ({
  clientAddress: request.ip ?? null,
  requestId: String(request.id),
});
