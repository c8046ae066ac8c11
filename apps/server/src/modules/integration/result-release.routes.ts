import {
  errorResponseSchema,
  resultReleaseParamsSchema,
  resultReleaseRequestSchema,
  resultReleaseResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { ProviderResultReleases } from '../results/index.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const security = [{ providerApiKey: [] }];

/**
 * PUT /api/integration/bookings/{bookingKey}/appointments/{appointmentId}/result
 * (docs/product/results-and-sharing.md): the provider releases an appointment's report.
 * Registered in the integration scope, after registerIntegrationRoutes' key check; the results
 * module owns the rules and audits the release as the caller (`provider:<name>`).
 */
export function registerResultReleaseRoutes(
  app: FastifyInstance,
  releases: ProviderResultReleases,
): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/integration/bookings/:bookingKey/appointments/:appointmentId/result',
    {
      schema: {
        summary:
          "Release (or replace) a COMPLETED appointment's report (plain text); 409 for an appointment not completed",
        tags: ['integration'],
        security,
        params: resultReleaseParamsSchema,
        body: resultReleaseRequestSchema,
        response: { 200: resultReleaseResponseSchema, ...errors },
      },
    },
    async (request) =>
      releases.release(request.params.bookingKey, request.params.appointmentId, request.body, {
        actor: request.apiCaller!.actor,
        context: requestContext(request),
      }),
  );
}
