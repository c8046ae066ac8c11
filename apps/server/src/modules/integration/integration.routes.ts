import {
  bookingKeyParamsSchema,
  errorResponseSchema,
  integrationAttachmentParamsSchema,
  integrationAttachmentsResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../plugins/file-response.ts';
import { requestContext } from '../../plugins/request-context.ts';
import type { ApiCaller, ApiKeyService } from './api-keys.service.ts';
import { InvalidApiKeyError } from './integration.errors.ts';
import type { IntegrationService } from './integration.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider system whose key authorised an /api/integration call. */
    apiCaller: ApiCaller | null;
  }
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const security = [{ providerApiKey: [] }];

/**
 * /api/integration/... (docs/product/integration.md). Registered in a scope of its own: the
 * key check runs on these routes only. It is a preValidation hook: after the API's rate limit
 * (a route-level onRequest hook, which runs after every scope's onRequest hooks), so refused
 * attempts count against the client's limit like any other call, and before the parameters
 * are checked, so a caller without a key learns nothing from a 400.
 */
export function registerIntegrationRoutes(
  app: FastifyInstance,
  deps: { keys: ApiKeyService; service: IntegrationService },
): void {
  const { keys, service } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const callerOf = (request: FastifyRequest) => request.apiCaller!;

  app.decorateRequest('apiCaller', null);
  app.addHook('preValidation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      request.apiCaller = await keys.authenticate(request.headers.authorization);
    } catch (error) {
      if (error instanceof InvalidApiKeyError) {
        await keys.auditRefused(error, request.routeOptions.url, requestContext(request));
      }
      throw error;
    }
  });
  // Every call is audited: reads by the service, refusals above, and here what a known
  // caller asked for and was refused (bad input, an unknown booking or document), before
  // the answer goes.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.apiCaller && reply.statusCode >= 400) {
      await keys
        .auditFailedCall(
          request.apiCaller,
          request.routeOptions.url,
          reply.statusCode,
          requestContext(request),
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'audit of a failed call'));
    }
    return payload;
  });

  routes.get(
    '/api/integration/bookings/:bookingKey/attachments',
    {
      schema: {
        summary:
          "A booking's documents: on its appointments and its booking request (file name, sniffed type, size, document type, appointment, exam, created)",
        tags: ['integration'],
        security,
        params: bookingKeyParamsSchema,
        response: { 200: integrationAttachmentsResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.bookingAttachments(
        callerOf(request),
        request.params.bookingKey,
        requestContext(request),
      ),
  );

  routes.get(
    '/api/integration/attachments/:attachmentId/download',
    {
      schema: {
        summary:
          'One document as an attachment: JPEG and PNG re-encoded without their metadata (EXIF, GPS), HEIC as such a JPEG, PDFs as stored; always streamed',
        tags: ['integration'],
        security,
        params: integrationAttachmentParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const read = await service.attachmentDownload(
        callerOf(request),
        request.params.attachmentId,
        requestContext(request),
      );
      return sendStoredFile(reply, read.file, 'attachment');
    },
  );
}
