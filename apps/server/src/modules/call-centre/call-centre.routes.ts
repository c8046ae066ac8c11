import {
  bookingKeyParamsSchema,
  callbackRequestBodySchema,
  callbackRequestResponseSchema,
  callCentreMessageRequestSchema,
  callCentreMessageResponseSchema,
  callCentreStateSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { CallCentreScope } from './call-centre.repository.ts';
import type { CallCentreService } from './call-centre.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

/** The page each scope serves, and the path it lives under. */
const scopes: ReadonlyArray<{ scope: CallCentreScope; base: string; noun: string }> = [
  { scope: 'APPOINTMENT', base: '/api/secured/appointments/:bookingKey', noun: 'appointment' },
  {
    scope: 'BOOKING_REQUEST',
    base: '/api/secured/booking_requests/:bookingKey',
    noun: 'booking request',
  },
];

/**
 * The patient's messages and callback requests to the call centre
 * (docs/product/contact-the-clinic.md), under the appointment page's and the booking request
 * page's paths, each with that page's patientScope (decision 015).
 */
export function registerCallCentreRoutes(app: FastifyInstance, service: CallCentreService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const { scope, base, noun } of scopes) {
    routes.get(
      `${base}/call_centre`,
      {
        schema: {
          summary: `What the ${noun}'s call-centre forms need: topics, limits left today, the prefilled phone, the clinic's time zone and opening hours, pending callback requests`,
          tags: ['call centre'],
          params: bookingKeyParamsSchema,
          response: { 200: callCentreStateSchema, ...errors },
        },
        config: { patientScope: scope },
      },
      async (request) => service.state(request.params.bookingKey, scope),
    );

    routes.post(
      `${base}/call_centre_messages`,
      {
        schema: {
          summary: `Send the call centre a plain-text message about the ${noun}: e-mailed with the booking's reference, exams, clinic and time (added by the server), acknowledged to the patient; 429 past the daily limit`,
          tags: ['call centre'],
          params: bookingKeyParamsSchema,
          body: callCentreMessageRequestSchema,
          response: { 201: callCentreMessageResponseSchema, ...errors },
        },
        config: { patientScope: scope },
      },
      async (request, reply) => {
        const sent = await service.message(
          request.params.bookingKey,
          scope,
          request.body,
          requestContext(request),
        );
        return reply.code(201).send(sent);
      },
    );

    routes.post(
      `${base}/callback_requests`,
      {
        schema: {
          summary: `Ask the call centre to call back about the ${noun}: preferred windows in the clinic's time zone within its opening hours (422 otherwise); e-mailed, acknowledged and sent to the provider's webhook; 429 past the daily limit`,
          tags: ['call centre'],
          params: bookingKeyParamsSchema,
          body: callbackRequestBodySchema,
          response: { 201: callbackRequestResponseSchema, ...errors },
        },
        config: { patientScope: scope },
      },
      async (request, reply) => {
        const requested = await service.callback(
          request.params.bookingKey,
          scope,
          request.body,
          requestContext(request),
        );
        return reply.code(201).send(requested);
      },
    );
  }
}
