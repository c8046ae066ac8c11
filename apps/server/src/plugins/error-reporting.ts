import type { FastifyRequest } from 'fastify';
import { type ErrorReporter, requestValues } from '../adapters/error-reporting.ts';

function cookieValues(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return [];
  return header.split(/;\s*/).map((pair) => pair.slice(pair.indexOf('=') + 1));
}

/**
 * An unexpected error reached the error handler (error-handler.ts): report it with what
 * identifies the request (its id, route pattern, method, the answer's status) and nothing the
 * request carried; its values are handed over only so the message can be scrubbed of them.
 */
export function reportUnexpected(
  report: ErrorReporter | null | undefined,
  error: unknown,
  request: FastifyRequest,
  status: number,
): void {
  if (!report) return;
  try {
    report(
      error,
      {
        source: 'server',
        requestId: String(request.id),
        // The pattern (`/api/appointments/:bookingKey`); a URL no route matched has none.
        route: request.routeOptions?.url ?? null,
        method: request.method,
        status,
      },
      requestValues(
        request.params,
        request.query,
        request.body,
        cookieValues(request),
        request.headers.authorization,
      ),
    );
  } catch (reportError) {
    request.log.warn({ err: reportError }, 'error report not sent');
  }
}
