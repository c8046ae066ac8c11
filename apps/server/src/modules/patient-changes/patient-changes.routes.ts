import {
  bookingKeyParamsSchema,
  errorResponseSchema,
  patientChangeRequestBodySchema,
  patientChangeRequestParamsSchema,
  patientChangeResponseSchema,
  patientDetailsStateSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { PatientScope } from './patient-changes.repository.ts';
import type { PatientChangesService } from './patient-changes.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

/** The page each scope serves, and the path it lives under. */
const scopes: ReadonlyArray<{ scope: PatientScope; base: string; noun: string }> = [
  { scope: 'APPOINTMENT', base: '/api/secured/appointments/:bookingKey', noun: 'appointment' },
  {
    scope: 'BOOKING_REQUEST',
    base: '/api/secured/booking_requests/:bookingKey',
    noun: 'booking request',
  },
];

/**
 * The patient's change requests (docs/product/patient-detail-changes.md), the same three routes
 * under the appointment page's and the booking request page's paths, each with that page's
 * patientScope (decision 015).
 */
export function registerPatientChangeRoutes(app: FastifyInstance, service: PatientChangesService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const { scope, base, noun } of scopes) {
    routes.get(
      `${base}/patient_details`,
      {
        schema: {
          summary: `The patient-details state of the ${noun}'s patient: the changeable fields' values, the pending request, ethnicities and insurance types`,
          tags: ['patient details'],
          params: bookingKeyParamsSchema,
          response: { 200: patientDetailsStateSchema, ...errors },
        },
        config: { patientScope: scope },
      },
      async (request) => service.state(request.params.bookingKey, scope, requestContext(request)),
    );

    routes.post(
      `${base}/patient_change_requests`,
      {
        schema: {
          summary: `Ask the clinic to change the ${noun}'s patient details: stored as a pending request (old and new value of each changed field); the record changes only when the provider accepts`,
          tags: ['patient details'],
          params: bookingKeyParamsSchema,
          body: patientChangeRequestBodySchema,
          response: { 201: patientChangeResponseSchema, ...errors },
        },
        config: { patientScope: scope },
      },
      async (request, reply) => {
        const answer = await service.request(
          request.params.bookingKey,
          scope,
          request.body,
          requestContext(request),
        );
        return reply.code(201).send(answer);
      },
    );

    routes.delete(
      `${base}/patient_change_requests/:requestId`,
      {
        schema: {
          summary:
            "Withdraw the pending change request (only this patient record's, only while pending)",
          tags: ['patient details'],
          params: patientChangeRequestParamsSchema,
          response: { 200: patientChangeResponseSchema, ...errors },
        },
        config: { patientScope: scope },
      },
      async (request) =>
        service.withdraw(
          request.params.bookingKey,
          scope,
          request.params.requestId,
          requestContext(request),
        ),
    );
  }
}
