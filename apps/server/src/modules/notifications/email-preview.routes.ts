import {
  emailPreviewQuerySchema,
  emailPreviewResponseSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { EmailPreviewService } from './email-preview.service.ts';

/** GET /api/notifications/preview_translated_email (spec 1 §7): the /preview-email page's call. */
export function registerEmailPreviewRoutes(app: FastifyInstance, service: EmailPreviewService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notifications/preview_translated_email',
    {
      schema: {
        summary:
          'A message the portal sends, rendered in a language: sample data, or a booking (outside production)',
        tags: ['notifications'],
        querystring: emailPreviewQuerySchema,
        response: {
          200: emailPreviewResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.preview(request.query, requestContext(request));
    },
  );
}
