import {
  bookingKeySchema,
  errorResponseSchema,
  slugSchema,
  temporaryDocumentSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../plugins/file-response.ts';
import { documentTypeIdField, readSingleUpload } from '../../plugins/multipart-upload.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { InvalidUploadError } from './documents.errors.ts';
import type { DocumentsService } from './documents.service.ts';

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
  500: errorResponseSchema,
};

const fieldsSchema = z.object({
  examSlug: slugSchema.nullable(),
  groupName: z.string().max(100).nullable(),
  documentTypeId: documentTypeIdField,
});

export function registerDocumentRoutes(
  app: FastifyInstance,
  service: DocumentsService,
  maxBytes: number,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/booking-keys/:bookingKey/documents',
    {
      schema: {
        summary:
          'Upload a referral (multipart/form-data: optional examSlug, groupName and documentTypeId fields, then one file); type sniffed from the bytes',
        tags: ['booking'],
        consumes: ['multipart/form-data'],
        params: z.object({ bookingKey: bookingKeySchema }),
        response: { 201: temporaryDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await readSingleUpload(request, {
        maxBytes,
        fieldNames: ['examSlug', 'groupName', 'documentTypeId'],
      });
      const fields = fieldsSchema.safeParse(file.fields);
      if (!fields.success) {
        throw new InvalidUploadError('examSlug, groupName or documentTypeId is not valid.');
      }
      const document = await service.upload(
        request.params.bookingKey,
        { fileName: file.fileName, bytes: file.bytes, ...fields.data },
        requestContext(request),
      );
      return reply.code(201).header('cache-control', 'no-store').send(document);
    },
  );

  routes.get(
    '/api/booking-keys/:bookingKey/documents/:id',
    {
      schema: {
        summary:
          'Download a temporary document (referral) of this booking key, as an attachment with the type sniffed at upload',
        tags: ['booking'],
        params: z.object({ bookingKey: bookingKeySchema, id: z.uuid() }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.download(request.params.bookingKey, request.params.id);
      return sendStoredFile(reply, file);
    },
  );

  routes.delete(
    '/api/booking-keys/:bookingKey/documents/:id',
    {
      schema: {
        summary: 'Delete a temporary document of an unused booking key',
        tags: ['booking'],
        params: z.object({ bookingKey: bookingKeySchema, id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.bookingKey, request.params.id, requestContext(request));
      return reply.code(204).send(null);
    },
  );
}
