import {
  appointmentsSummaryResponseSchema,
  bookingKeyParamsSchema,
  bookingRequestSummaryResponseSchema,
  errorResponseSchema,
  type PatientPortalPublicConfig,
  patientPortalPublicConfigSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticationRequestInfo } from '../authentication/index.ts';
import type { PatientPortalService } from './patient-portal.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

export function registerPatientPortalRoutes(
  app: FastifyInstance,
  service: PatientPortalService,
  publicConfig: PatientPortalPublicConfig,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/config/patient-portal',
    {
      schema: {
        summary:
          'What the patient portal shows before any sign-in: cancel reasons, background image',
        tags: ['config'],
        response: { 200: patientPortalPublicConfigSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      // Config changes only with a restart (as the other /api/config routes).
      reply.header('cache-control', 'public, max-age=60');
      return publicConfig;
    },
  );
  // Every read of patient data leaves an audit event (docs/product/security.md#audit-trail).
  const auditRead = (request: FastifyRequest, what: string) => {
    // The secured guard (access/index.ts) ran before the handler, so the session is there.
    return app.authentication.auditRead(
      authenticationRequestInfo(request),
      request.patientSession!,
      what,
    );
  };

  routes.get(
    '/api/secured/appointments/:bookingKey',
    {
      schema: {
        summary: "The signed-in booking key's appointments (read-only summary)",
        tags: ['patient portal'],
        params: bookingKeyParamsSchema,
        response: { 200: appointmentsSummaryResponseSchema, ...errors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) => {
      const summary = await service.appointments(request.params.bookingKey);
      await auditRead(request, 'appointments');
      return summary;
    },
  );

  routes.get(
    '/api/secured/booking_requests/:bookingKey',
    {
      schema: {
        summary: "The signed-in booking key's booking request (read-only summary)",
        tags: ['patient portal'],
        params: bookingKeyParamsSchema,
        response: { 200: bookingRequestSummaryResponseSchema, ...errors },
      },
      config: { patientScope: 'BOOKING_REQUEST' },
    },
    async (request) => {
      const summary = await service.bookingRequest(request.params.bookingKey);
      await auditRead(request, 'booking_request');
      return summary;
    },
  );
}
