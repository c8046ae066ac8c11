import {
  bookingKeySchema,
  createAppointmentsRequestSchema,
  createAppointmentsResponseSchema,
  createBookingRequestResponseSchema,
  createBookingRequestSchema,
  errorResponseSchema,
  newBookingKeyResponseSchema,
  pendingNotificationsResponseSchema,
  rekeyRequestSchema,
  rekeyResponseSchema,
  slotHoldReleaseRequestSchema,
  slotHoldRequestSchema,
  slotHoldResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context.ts';
import { staffOf } from '../sso/index.ts';
import type { AppointmentsService } from './appointments.service.ts';
import type { BookingKeysService } from './booking-keys.service.ts';
import type { BookingRequestsService } from './booking-requests.service.ts';
import type { RequestContext } from './booking-store.ts';
import type { SlotHoldsService } from './slot-holds.service.ts';

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const keyParams = z.object({ bookingKey: bookingKeySchema });

/** One service per noun of booking: keys, slot holds, appointments, booking requests. */
export interface BookingServices {
  keys: BookingKeysService;
  holds: SlotHoldsService;
  appointments: AppointmentsService;
  bookingRequests: BookingRequestsService;
}

export function registerBookingRoutes(app: FastifyInstance, services: BookingServices): void {
  const { keys, holds, appointments, bookingRequests } = services;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  routes.post(
    '/api/booking-keys',
    {
      schema: {
        summary: 'Reserve a new booking key for one booking attempt',
        tags: ['booking'],
        response: { 201: newBookingKeyResponseSchema, ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await keys.newBookingKey()),
  );

  routes.post(
    '/api/booking-keys/:bookingKey/rekey',
    {
      schema: {
        summary:
          'Move temporary documents and questionnaire answers from an unused key to a new one',
        tags: ['booking'],
        params: keyParams,
        body: rekeyRequestSchema,
        response: { 200: rekeyResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await keys.rekey(
            request.params.bookingKey,
            request.body.newBookingKey,
            requestContext(request),
          ),
        ),
  );

  routes.post(
    '/api/slot-holds',
    {
      schema: {
        summary: 'Hold a slot for a few minutes (409 SLOT_UNAVAILABLE when taken)',
        tags: ['booking'],
        body: slotHoldRequestSchema,
        response: { 201: slotHoldResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await holds.holdSlot(request.body)),
  );

  routes.post(
    '/api/slot-holds/:holdId/release',
    {
      schema: {
        summary:
          "Give a held slot back (only the hold's own booking key; 404 for an unknown or another key's hold)",
        tags: ['booking'],
        params: z.object({ holdId: z.uuid() }),
        body: slotHoldReleaseRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await holds.releaseHold(request.params.holdId, request.body.bookingKey);
      return reply.code(204).headers(noStore).send(null);
    },
  );

  routes.post(
    '/api/appointments',
    {
      schema: {
        summary:
          'Create appointments (or pending appointments); 409 SLOT_UNAVAILABLE for a lost race',
        tags: ['booking'],
        body: createAppointmentsRequestSchema,
        response: { 201: createAppointmentsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await appointments.createAppointments(
            request.body,
            await bookingContext(request, request.body.staffBooking),
          ),
        ),
  );

  routes.post(
    '/api/appointments/pending/:bookingKey/notifications',
    {
      schema: {
        summary: 'Queue the pending-appointment notice (once per booking key)',
        tags: ['booking'],
        params: keyParams,
        response: { 200: pendingNotificationsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await appointments.sendPendingNotifications(
            request.params.bookingKey,
            requestContext(request),
          ),
        ),
  );

  routes.post(
    '/api/booking-requests',
    {
      schema: {
        summary: 'Create a booking request (an enquiry) for exams',
        tags: ['booking'],
        body: createBookingRequestSchema,
        response: { 201: createBookingRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await bookingRequests.createBookingRequest(
            request.body,
            await bookingContext(request, request.body.staffBooking),
          ),
        ),
  );
}

/**
 * The audit's context of a booking write. A staff booking names the signed-in staff member
 * (single sign-on) when there is one; without a session it stays the browser's word (decision
 * 016), recorded as actor 'staff' without a user.
 */
async function bookingContext(
  request: FastifyRequest,
  staffBooking: boolean,
): Promise<RequestContext> {
  const context = requestContext(request);
  if (!staffBooking) return context;
  const staff = await staffOf(request);
  return staff ? { ...context, staffUserId: staff.user.userId } : context;
}
