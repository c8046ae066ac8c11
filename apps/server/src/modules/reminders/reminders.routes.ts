import {
  appointmentLinkActionResponseSchema,
  appointmentLinkRequestSchema,
  appointmentLinkResponseSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { ActionLinksService } from './reminders.service.ts';

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

/**
 * A reminder's confirm and cancel links. The link is the patient's proof (no session).
 * The web page at the link's address (/appointment-links/{token}) looks it up, and acts
 * only when the patient presses the button (mail scanners open links); the token goes in
 * the body, so it never lands in a log line.
 */
export function registerReminderRoutes(app: FastifyInstance, links: ActionLinksService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/appointment-links/lookup',
    {
      schema: {
        summary: "What a reminder's confirm or cancel link does, and whether it still can",
        tags: ['patient portal'],
        body: appointmentLinkRequestSchema,
        response: { 200: appointmentLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return links.describe(request.body.token, requestContext(request));
    },
  );
  routes.post(
    '/api/appointment-links/use',
    {
      schema: {
        summary: "Use a reminder's confirm or cancel link (once)",
        tags: ['patient portal'],
        body: appointmentLinkRequestSchema,
        response: { 200: appointmentLinkActionResponseSchema, ...errors },
      },
    },
    (request) => links.act(request.body.token, requestContext(request)),
  );
}
