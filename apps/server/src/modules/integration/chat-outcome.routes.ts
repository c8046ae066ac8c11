import {
  bookingKeyParamsSchema,
  chatOutcomeRequestSchema,
  chatOutcomeResponseSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { ProviderChatOutcomes } from '../chat/index.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const security = [{ providerApiKey: [] }];

/**
 * POST /api/integration/booking_requests/{bookingKey}/chat_outcome (docs/product/chat.md): the
 * chat desk reports what a conversation did to a booking request. Registered in the integration
 * scope, after registerIntegrationRoutes' key check; the chat module owns the rules and audits
 * as the caller.
 */
export function registerChatOutcomeRoutes(app: FastifyInstance, outcomes: ProviderChatOutcomes) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/integration/booking_requests/:bookingKey/chat_outcome',
    {
      schema: {
        summary:
          "The chat desk's outcome for a booking request: STARTED (type CHAT), BOOKED (status BOOKED), INVALIDATED or NO_AGENT (type PATIENT, back to the front desk); 409 for a cancelled, closed or (but for BOOKED again) booked request",
        tags: ['integration'],
        security,
        params: bookingKeyParamsSchema,
        body: chatOutcomeRequestSchema,
        response: { 200: chatOutcomeResponseSchema, ...errors },
      },
    },
    (request) =>
      outcomes.record(request.params.bookingKey, request.body, {
        actor: request.apiCaller!.actor,
        context: requestContext(request),
      }),
  );
}
