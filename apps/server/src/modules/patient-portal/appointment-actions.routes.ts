import {
  appointmentItemParamsSchema,
  bookingKeyParamsSchema,
  canChangeQuerySchema,
  canChangeStatusResponseSchema,
  cancelAppointmentResponseSchema,
  cancelBookingRequestResponseSchema,
  cancelRequestSchema,
  changeAppointmentRequestSchema,
  confirmAppointmentResponseSchema,
  errorResponseSchema,
  moveAppointmentResponseSchema,
  rescheduleAppointmentRequestSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import { authenticationRequestInfo } from '../authentication/index.ts';
import { calendarContentType } from '../calendar/index.ts';
import type { AppointmentActionsService } from './appointment-actions.service.ts';
import type { PatientPortalService } from './patient-portal.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const tags = ['patient portal'];
const appointment = { patientScope: 'APPOINTMENT' } as const;

/**
 * A signed-in patient's changes (docs/product/patient-portal.md#manage), under
 * /api/secured/appointments/{bookingKey}/items/{appointmentId}/... and
 * /api/secured/booking_requests/{bookingKey}/cancel. The guard admits only the
 * session of that key; an appointment id of another key is 404.
 */
export function registerAppointmentActionRoutes(
  app: FastifyInstance,
  actions: AppointmentActionsService,
  summaries: PatientPortalService,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const audited = (request: FastifyRequest, what: string) =>
    app.authentication.auditRead(authenticationRequestInfo(request), request.patientSession!, what);
  const item = '/api/secured/appointments/:bookingKey/items/:appointmentId';

  routes.get(
    `${item}/change-status`,
    {
      schema: {
        summary: 'Whether the patient may cancel, reschedule or change this appointment now',
        tags,
        params: appointmentItemParamsSchema,
        querystring: canChangeQuerySchema,
        response: { 200: canChangeStatusResponseSchema, ...errors },
      },
      config: appointment,
    },
    async (request) => {
      const { bookingKey, appointmentId } = request.params;
      const status = await actions.canChange(bookingKey, appointmentId, request.query.change);
      await audited(request, 'appointment_change_status');
      return status;
    },
  );

  routes.post(
    `${item}/cancel`,
    {
      schema: {
        summary: 'Cancel the appointment (or ask the questionnaire or the clinic first)',
        tags,
        params: appointmentItemParamsSchema,
        body: cancelRequestSchema,
        response: { 200: cancelAppointmentResponseSchema, ...errors },
      },
      config: appointment,
    },
    (request) =>
      actions.cancel(
        request.params.bookingKey,
        request.params.appointmentId,
        request.body,
        requestContext(request),
      ),
  );

  routes.post(
    `${item}/confirm`,
    {
      schema: {
        summary: 'The patient confirms they will attend',
        tags,
        params: appointmentItemParamsSchema,
        response: { 200: confirmAppointmentResponseSchema, ...errors },
      },
      config: appointment,
    },
    (request) =>
      actions.confirm(
        request.params.bookingKey,
        request.params.appointmentId,
        requestContext(request),
      ),
  );

  const replacementOf = async (bookingKey: string, replacementId: string) => {
    const summary = await summaries.appointments(bookingKey);
    return summary.appointments.find((row) => row.id === replacementId)!;
  };

  routes.post(
    `${item}/reschedule`,
    {
      schema: {
        summary: 'Move the appointment to another time (same exam, same clinic)',
        tags,
        params: appointmentItemParamsSchema,
        body: rescheduleAppointmentRequestSchema,
        response: { 200: moveAppointmentResponseSchema, ...errors },
      },
      config: appointment,
    },
    async (request) => {
      const { bookingKey, appointmentId } = request.params;
      const moved = await actions.reschedule(
        bookingKey,
        appointmentId,
        request.body.start,
        requestContext(request),
      );
      return {
        appointmentStatus: moved.status,
        replacement: await replacementOf(bookingKey, moved.replacementId),
      };
    },
  );

  routes.post(
    `${item}/change`,
    {
      schema: {
        summary: 'Change the appointment to another exam or clinic (and time)',
        tags,
        params: appointmentItemParamsSchema,
        body: changeAppointmentRequestSchema,
        response: { 200: moveAppointmentResponseSchema, ...errors },
      },
      config: appointment,
    },
    async (request) => {
      const { bookingKey, appointmentId } = request.params;
      const moved = await actions.change(
        bookingKey,
        appointmentId,
        request.body,
        requestContext(request),
      );
      return {
        appointmentStatus: moved.status,
        replacement: await replacementOf(bookingKey, moved.replacementId),
      };
    },
  );

  routes.get(
    `${item}/calendar.ics`,
    {
      schema: {
        summary:
          "The appointment's iCalendar file, text/calendar (a moved one gives its replacement's)",
        tags,
        params: appointmentItemParamsSchema,
      },
      config: appointment,
    },
    async (request, reply) => {
      const { bookingKey, appointmentId } = request.params;
      const file = await actions.calendarFile(bookingKey, appointmentId);
      await audited(request, 'appointment_calendar');
      return reply
        .header('content-type', calendarContentType)
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  routes.post(
    '/api/secured/booking_requests/:bookingKey/cancel',
    {
      schema: {
        summary: 'Cancel the booking request (while the clinic has not booked or closed it)',
        tags,
        params: bookingKeyParamsSchema,
        body: cancelRequestSchema,
        response: { 200: cancelBookingRequestResponseSchema, ...errors },
      },
      config: { patientScope: 'BOOKING_REQUEST' },
    },
    (request) =>
      actions.cancelBookingRequest(
        request.params.bookingKey,
        request.body,
        requestContext(request),
      ),
  );
}
