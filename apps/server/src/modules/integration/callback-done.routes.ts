import {
  callbackRequestParamsSchema,
  callbackRequestSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { ProviderCallbacks } from '../call-centre/index.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

/**
 * POST /api/integration/callback_requests/{id}/done (docs/product/integration.md): the call
 * centre has called the patient back. Registered in the integration scope, after
 * registerIntegrationRoutes' key check; the call-centre module owns the rules and audits as the
 * caller.
 */
export function registerCallbackDoneRoutes(app: FastifyInstance, callbacks: ProviderCallbacks) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/integration/callback_requests/:id/done',
    {
      schema: {
        summary:
          "Mark a patient's callback request done: the portal stops showing it as pending; idempotent",
        tags: ['integration'],
        security: [{ providerApiKey: [] }],
        params: callbackRequestParamsSchema,
        response: { 200: callbackRequestSchema, ...errors },
      },
    },
    (request) =>
      callbacks.markDone(request.params.id, {
        actor: request.apiCaller!.actor,
        context: requestContext(request),
      }),
  );
}
