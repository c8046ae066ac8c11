import {
  type AuthenticationType,
  appointmentAttachmentsResponseSchema,
  attachmentParamsSchema,
  attachmentSchema,
  bookingKeyParamsSchema,
  bookingRequestAttachmentsQuerySchema,
  bookingRequestAttachmentsResponseSchema,
  errorResponseSchema,
  importedAttachmentsResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../plugins/file-response.ts';
import { documentTypeIdField, readSingleUpload } from '../../plugins/multipart-upload.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { authenticationRequestInfo } from '../authentication/index.ts';
import { InvalidUploadError } from '../documents/index.ts';
import type { AttachmentOwner } from './attachment-targets.ts';
import type { AttachmentsService } from './attachments.service.ts';
import type { StoredFileRead } from './stored-files.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

const uploadFieldsSchema = z.object({
  documentTypeId: documentTypeIdField,
  appointmentId: z.uuid().nullable(),
});

/** Where each owner's calls live, and which sign-in reaches them (docs/product/attachments.md). */
const bases: Record<AttachmentOwner, { base: string; scope: AuthenticationType; tag: string }> = {
  appointment: {
    base: '/api/secured/appointments/:bookingKey/attachments',
    scope: 'APPOINTMENT',
    tag: "an appointment's",
  },
  bookingRequest: {
    base: '/api/secured/booking_requests/:bookingKey/attachments',
    scope: 'BOOKING_REQUEST',
    tag: "the booking request's",
  },
};

export function sendRead(reply: FastifyReply, read: StoredFileRead, inline = false) {
  if (read.kind === 'link') {
    return reply.header('cache-control', 'no-store').redirect(read.url, 302);
  }
  return sendStoredFile(reply, read, inline ? 'inline' : 'attachment');
}

/** The upload, replace, delete, download, view and import calls of one owner. */
export function registerAttachmentChangeRoutes(
  app: FastifyInstance,
  service: AttachmentsService,
  owner: AttachmentOwner,
  maxBytes: number,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { base, scope, tag } = bases[owner];
  const config = { patientScope: scope };
  const auditRead = (request: FastifyRequest, what: string) =>
    app.authentication.auditRead(
      authenticationRequestInfo(request),
      // The secured guard ran before the handler, so the session is there.
      request.patientSession!,
      what,
    );
  const readFile = async (request: FastifyRequest) => {
    const file = await readSingleUpload(request, {
      maxBytes,
      fieldNames: ['documentTypeId', 'appointmentId'],
    });
    const fields = uploadFieldsSchema.safeParse(file.fields);
    if (!fields.success) {
      throw new InvalidUploadError('documentTypeId or appointmentId is not valid.');
    }
    return { fileName: file.fileName, bytes: file.bytes, ...fields.data };
  };

  routes.post(
    base,
    {
      schema: {
        summary: `Upload a document to ${tag} (multipart: optional documentTypeId${owner === 'appointment' ? ' and appointmentId' : ''}, then the file); type sniffed from the bytes`,
        tags: ['attachments'],
        consumes: ['multipart/form-data'],
        params: bookingKeyParamsSchema,
        response: { 201: attachmentSchema, ...errors },
      },
      config,
    },
    async (request, reply) => {
      const { bookingKey } = request.params;
      const input = await readFile(request);
      const attachment = await service.upload(owner, bookingKey, input, requestContext(request));
      return reply.code(201).header('cache-control', 'no-store').send(attachment);
    },
  );

  routes.put(
    `${base}/:attachmentId`,
    {
      schema: {
        summary: `Replace the file of one of ${tag} documents (multipart: the file); its type stays`,
        tags: ['attachments'],
        consumes: ['multipart/form-data'],
        params: attachmentParamsSchema,
        response: { 200: attachmentSchema, ...errors },
      },
      config,
    },
    async (request, reply) => {
      const { bookingKey, attachmentId } = request.params;
      const { fileName, bytes } = await readFile(request);
      const attachment = await service.replace(
        owner,
        bookingKey,
        attachmentId,
        { fileName, bytes },
        requestContext(request),
      );
      return reply.header('cache-control', 'no-store').send(attachment);
    },
  );

  routes.delete(
    `${base}/:attachmentId`,
    {
      schema: {
        summary: `Delete one of ${tag} documents`,
        tags: ['attachments'],
        params: attachmentParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config,
    },
    async (request, reply) => {
      const { bookingKey, attachmentId } = request.params;
      await service.remove(owner, bookingKey, attachmentId, requestContext(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    `${base}/imported`,
    {
      schema: {
        summary: `Take the documents uploaded while booking onto ${tag.replace("'s", '')}`,
        tags: ['attachments'],
        params: bookingKeyParamsSchema,
        response: { 200: importedAttachmentsResponseSchema, ...errors },
      },
      config,
    },
    async (request) =>
      service.importUploaded(owner, request.params.bookingKey, requestContext(request)),
  );

  for (const [suffix, inline] of [
    ['download', false],
    ['view', true],
  ] as const) {
    routes.get(
      `${base}/:attachmentId/${suffix}`,
      {
        schema: {
          summary: inline
            ? `Show one of ${tag} documents in the browser: a PDF inline (a 302 to a short-lived link on S3 storage), a JPEG or PNG inline through the portal with its own type; anything else 404 NOT_VIEWABLE`
            : `Download one of ${tag} documents (or a 302 to a short-lived link on S3 storage)`,
          tags: ['attachments'],
          params: attachmentParamsSchema,
          response: { 200: z.any(), 302: z.null(), ...errors },
        },
        config,
      },
      async (request, reply) => {
        const { bookingKey, attachmentId } = request.params;
        const read = await service.file(owner, bookingKey, attachmentId, inline);
        await auditRead(request, `attachment:${attachmentId}`);
        return sendRead(reply, read, inline);
      },
    );
  }
}

/**
 * The two response calls (what is there and what each exam needs) and the booking request's
 * referral download (behind bookingRequestsDownloadReferralEnabled).
 */
export function registerAttachmentReadRoutes(app: FastifyInstance, service: AttachmentsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auditRead = (request: FastifyRequest, what: string) =>
    app.authentication.auditRead(authenticationRequestInfo(request), request.patientSession!, what);

  routes.get(
    `${bases.appointment.base}/response`,
    {
      schema: {
        summary: "The booking key's appointments' documents and what each exam needs",
        tags: ['attachments'],
        params: bookingKeyParamsSchema,
        response: { 200: appointmentAttachmentsResponseSchema, ...errors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request, reply) => {
      const response = await service.appointmentAttachments(request.params.bookingKey);
      await auditRead(request, 'attachments');
      return reply.header('cache-control', 'no-store').send(response);
    },
  );

  routes.get(
    `${bases.bookingRequest.base}/response`,
    {
      schema: {
        summary: "The booking request's documents and what its exams (or changedExamSlugs) need",
        tags: ['attachments'],
        params: bookingKeyParamsSchema,
        querystring: bookingRequestAttachmentsQuerySchema,
        response: { 200: bookingRequestAttachmentsResponseSchema, ...errors },
      },
      config: { patientScope: 'BOOKING_REQUEST' },
    },
    async (request, reply) => {
      const response = await service.bookingRequestAttachments(
        request.params.bookingKey,
        request.query,
      );
      await auditRead(request, 'booking-request-attachments');
      return reply.header('cache-control', 'no-store').send(response);
    },
  );

  routes.get(
    '/api/secured/booking_requests/:bookingKey/download',
    {
      schema: {
        summary:
          "The booking request's referral: its newest referral document, else its newest document (bookingRequestsDownloadReferralEnabled)",
        tags: ['attachments'],
        params: bookingKeyParamsSchema,
        response: { 200: z.any(), 302: z.null(), ...errors },
      },
      config: { patientScope: 'BOOKING_REQUEST' },
    },
    async (request, reply) => {
      const read = await service.referralFile(request.params.bookingKey);
      await auditRead(request, 'booking-request-referral');
      return sendRead(reply, read);
    },
  );
}
