import {
  errorResponseSchema,
  kioskAppointmentsResponseSchema,
  kioskBookingKeyParamsSchema,
  kioskIdentityCheckRequestSchema,
  kioskIdentityCheckResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import { kioskDeviceOf } from '../audit/index.ts';
import { authenticationRequestInfo } from '../authentication/index.ts';
import type { KioskService } from './kiosk.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  500: errorResponseSchema,
};

export function registerKioskRoutes(app: FastifyInstance, service: KioskService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/kiosk/identity_check',
    {
      schema: {
        summary:
          "Kiosk check-in: find today's booking by last name and date of birth (only from a named kiosk; 403 otherwise)",
        tags: ['kiosk', 'check-in'],
        body: kioskIdentityCheckRequestSchema,
        response: { 200: kioskIdentityCheckResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.identityCheck(
        request.body,
        kioskDeviceOf(request.cookies),
        authenticationRequestInfo(request),
      );
    },
  );

  routes.get(
    '/api/secured/appointments/:bookingKey/kiosk_appointments',
    {
      config: { patientScope: 'APPOINTMENT' },
      schema: {
        summary:
          "Kiosk check-in: today's appointments of the signed-in booking, what can be checked in, and why not (the reload of appointments)",
        tags: ['kiosk', 'check-in'],
        params: kioskBookingKeyParamsSchema,
        response: { 200: kioskAppointmentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      // The guard admitted only a session of this key (request.patientSession is set).
      const session = request.patientSession!;
      return service.appointments(session, kioskDeviceOf(request.cookies), requestContext(request));
    },
  );
}
