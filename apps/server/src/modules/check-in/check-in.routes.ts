import {
  appointmentItemParamsSchema,
  checkInRequestSchema,
  checkInStatusResponseSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import { kioskDeviceOf } from '../audit/index.ts';
import type { CheckInCaller, CheckInService } from './check-in.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const tags = ['check-in'];
const appointment = { patientScope: 'APPOINTMENT' } as const;
/**
 * The kiosk that asks, named by its identity cookies (docs/product/kiosk.md#kiosk-identity), as
 * the audit trail reads them: without both the request is from home.
 */
function kioskOf(request: FastifyRequest): CheckInCaller['kiosk'] {
  const device = kioskDeviceOf(request.cookies);
  return device ? { name: device.name, deviceId: device.id } : null;
}

const callerOf = (request: FastifyRequest): CheckInCaller => ({
  context: requestContext(request),
  sessionId: request.patientSession!.id,
  kiosk: kioskOf(request),
});

/**
 * GET and POST /api/secured/appointments/{bookingKey}/items/{appointmentId}/check_in
 * (docs/product/check-in.md). The guard admits only the session of that key; another key's
 * appointment id is 404.
 */
export function registerCheckInRoutes(app: FastifyInstance, service: CheckInService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/secured/appointments/:bookingKey/items/:appointmentId/check_in';

  routes.get(
    path,
    {
      schema: {
        summary:
          "The appointment's check-in: enabled, window (opensAt, closesAt, priorMinutes), mode, readiness, the Medicare number to prefill and the check-in once made",
        tags,
        params: appointmentItemParamsSchema,
        response: { 200: checkInStatusResponseSchema, ...errors },
      },
      config: appointment,
    },
    (request) =>
      service.status(request.params.bookingKey, request.params.appointmentId, callerOf(request)),
  );

  routes.post(
    path,
    {
      schema: {
        summary:
          'Check in (202: stored and queued for the provider; 200: already checked in, nothing new). 409 CHECK_IN_DISABLED, 422 message.late_enable_digital_check_in_error (params.priorMinutes) or CHECK_IN_NOT_READY (params: the readiness), 400 for a form that breaks a rule',
        tags,
        params: appointmentItemParamsSchema,
        body: checkInRequestSchema,
        response: { 200: checkInStatusResponseSchema, 202: checkInStatusResponseSchema, ...errors },
      },
      config: appointment,
    },
    async (request, reply) => {
      const { created, status } = await service.submit(
        request.params.bookingKey,
        request.params.appointmentId,
        request.body,
        callerOf(request),
      );
      return reply.status(created ? 202 : 200).send(status);
    },
  );
}
