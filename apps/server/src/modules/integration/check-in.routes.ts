import {
  checkInAcknowledgeResponseSchema,
  errorResponseSchema,
  integrationCheckInParamsSchema,
  integrationCheckInsQuerySchema,
  integrationCheckInsResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { ProviderCheckIns } from '../check-in/index.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const security = [{ providerApiKey: [] }];

/**
 * The provider's check-in calls (docs/product/check-in.md#provider): acknowledge one, and list
 * them for an integration that polls. Registered in the integration scope, after
 * registerIntegrationRoutes' key check; the check-in module owns the rules and audits as the
 * caller.
 */
export function registerCheckInRoutes(app: FastifyInstance, checkIns: ProviderCheckIns): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/integration/check_ins/:checkInId/acknowledge',
    {
      schema: {
        summary:
          "Acknowledge a check-in (the provider's systems took it): the first acknowledgement's time holds; repeating it answers the same",
        tags: ['integration'],
        security,
        params: integrationCheckInParamsSchema,
        response: { 200: checkInAcknowledgeResponseSchema, ...errors },
      },
    },
    (request) =>
      checkIns.acknowledge(request.params.checkInId, {
        actor: request.apiCaller!.actor,
        context: requestContext(request),
      }),
  );

  routes.get(
    '/api/integration/check_ins',
    {
      schema: {
        summary:
          'Check-ins, oldest first, by state and whether acknowledged: for an integration that polls instead of taking the webhook (carries Medicare numbers; audited)',
        tags: ['integration'],
        security,
        querystring: integrationCheckInsQuerySchema,
        response: { 200: integrationCheckInsResponseSchema, ...errors },
      },
    },
    (request) =>
      checkIns.list(request.query, {
        actor: request.apiCaller!.actor,
        context: requestContext(request),
      }),
  );
}
