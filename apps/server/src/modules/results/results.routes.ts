import {
  bookingKeyParamsSchema,
  errorResponseSchema,
  patientMatchRequestSchema,
  patientMatchResponseSchema,
  resultsResponseSchema,
  sharedAccessListResponseSchema,
  sharedAccessRecordSchema,
  shareParamsSchema,
  shareRequestSchema,
  shareTokenParamsSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResultsCaller, ResultsService } from './results.service.ts';
import type { SharesService } from './shares.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

const base = '/api/secured/appointments/:bookingKey/result';
// The results page's sign-in (APPOINTMENT_RESULTS: with an OTP whenever OTPs are on) reaches
// the history too; a patient-portal sign-in reaches it only when it proved an OTP (decision 023).
const patient = { patientScope: 'APPOINTMENT_RESULTS' } as const;
const recipient = { patientScope: 'SHARED_RESULTS' } as const;

/** Who asks; the secured guard ran before the handler, so the session is there. */
function callerOf(request: FastifyRequest): ResultsCaller & { shareId: string | null } {
  const session = request.patientSession!;
  return {
    clientAddress: request.ip ?? 'unknown',
    requestId: String(request.id),
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    sessionId: session.id,
    shareId: session.shareId,
  };
}

export function registerResultsRoutes(
  app: FastifyInstance,
  deps: { results: ResultsService; shares: SharesService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { results, shares } = deps;

  routes.get(
    base,
    {
      config: patient,
      schema: {
        summary:
          "The booking's results: each appointment's released report (403 RESULTS_EXPIRED past the access period)",
        tags: ['results'],
        params: bookingKeyParamsSchema,
        response: { 200: resultsResponseSchema, ...errors },
      },
    },
    async (request) => results.result(request.params.bookingKey, callerOf(request)),
  );

  routes.post(
    `${base}/patient_match`,
    {
      config: patient,
      schema: {
        summary:
          'Match the patient by date of birth and e-mail or contact number (422 PATIENT_MATCHING_FAILED, counted as a failed attempt)',
        tags: ['results'],
        params: bookingKeyParamsSchema,
        body: patientMatchRequestSchema,
        response: { 200: patientMatchResponseSchema, ...errors },
      },
    },
    async (request) =>
      results.patientMatch(request.params.bookingKey, request.body, callerOf(request)),
  );

  routes.get(
    `${base}/history`,
    {
      config: patient,
      schema: {
        summary: "The results of every booking of the key's patient, newest first",
        tags: ['results'],
        params: bookingKeyParamsSchema,
        response: { 200: resultsResponseSchema, ...errors },
      },
    },
    async (request) => results.history(request.params.bookingKey, callerOf(request)),
  );

  routes.get(
    `${base}/shares`,
    {
      config: patient,
      schema: {
        summary: 'The shares of these results, newest first, with every access',
        tags: ['results'],
        params: bookingKeyParamsSchema,
        response: { 200: sharedAccessListResponseSchema, ...errors },
      },
    },
    async (request) => shares.list(request.params.bookingKey, callerOf(request)),
  );

  routes.post(
    `${base}/shares`,
    {
      config: patient,
      schema: {
        summary:
          'Share a result or the history with a contact (e-mail, or SMS when enabled); the link goes through the outbox',
        tags: ['results'],
        params: bookingKeyParamsSchema,
        body: shareRequestSchema,
        response: { 201: sharedAccessRecordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const record = await shares.create(
        request.params.bookingKey,
        request.body,
        callerOf(request),
      );
      return reply.status(201).send(record);
    },
  );

  routes.delete(
    `${base}/shares/:shareId`,
    {
      config: patient,
      schema: {
        summary: 'Revoke a share: its link stops working on the next request (idempotent)',
        tags: ['results'],
        params: shareParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
    },
    async (request, reply) => {
      await shares.revoke(request.params.bookingKey, request.params.shareId, callerOf(request));
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/secured/shared/:shareToken/result',
    {
      config: recipient,
      schema: {
        summary:
          "A shared link's result or history, for its signed-in recipient (403 SHARE_REVOKED once revoked or expired)",
        tags: ['results'],
        params: shareTokenParamsSchema,
        response: { 200: resultsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The guard admits only a share session (SHARED_RESULTS), so it names its share.
      return shares.sharedRead(request.params.shareToken, caller.shareId!, caller);
    },
  );
}
