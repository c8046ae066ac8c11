import {
  bookingKeySchema,
  questionnairesResponseSchema,
  questionnaireTypeSchema,
  saveAppointmentAnswerRequestSchema,
  saveBookingRequestAnswerRequestSchema,
  saveSecuredAnswerResponseSchema,
  securedQuestionnairesQuerySchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context.ts';
import { authenticationRequestInfo } from '../authentication/index.ts';
import { questionnaireErrors } from './questionnaires.routes.ts';
import type { SecuredQuestionnairesService } from './secured-questionnaires.service.ts';

const keyParams = z.object({ bookingKey: bookingKeySchema });

/** /api/secured/...: the access module's guard, and a session for this very booking key. */
export function registerSecuredQuestionnaireRoutes(
  app: FastifyInstance,
  service: SecuredQuestionnairesService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Reading answers is reading patient data: audited like the summaries
  // (docs/product/security.md#audit-trail).
  const auditRead = (request: FastifyRequest, what: string) =>
    app.authentication.auditRead(authenticationRequestInfo(request), request.patientSession!, what);

  routes.get(
    '/api/secured/appointments/:bookingKey/questionnaires',
    {
      schema: {
        summary: "Questionnaires about the key's appointments (or one), unanswered first",
        tags: ['questionnaires'],
        params: keyParams,
        querystring: securedQuestionnairesQuerySchema,
        response: { 200: questionnairesResponseSchema, ...questionnaireErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) => {
      const result = await service.listForAppointments(request.params.bookingKey, request.query);
      await auditRead(request, 'appointment_questionnaires');
      return result;
    },
  );

  routes.post(
    '/api/secured/appointments/:bookingKey/questionnaire-answers',
    {
      schema: {
        summary:
          'Answer a questionnaire about one appointment; a patient-cancel questionnaire cancels it',
        tags: ['questionnaires'],
        params: keyParams,
        body: saveAppointmentAnswerRequestSchema,
        response: { 200: saveSecuredAnswerResponseSchema, ...questionnaireErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) =>
      service.saveForAppointment(
        request.params.bookingKey,
        request.body,
        'answer',
        requestContext(request),
      ),
  );

  routes.post(
    '/api/secured/appointments/:bookingKey/pain-scores',
    {
      schema: {
        summary: 'Save a pain score (initial or final); 400 message.pain_score_problem on failure',
        tags: ['questionnaires'],
        params: keyParams,
        body: saveAppointmentAnswerRequestSchema,
        response: { 200: saveSecuredAnswerResponseSchema, ...questionnaireErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) =>
      service.saveForAppointment(
        request.params.bookingKey,
        request.body,
        'painScore',
        requestContext(request),
      ),
  );

  routes.get(
    '/api/secured/booking_requests/:bookingKey/questionnaires',
    {
      schema: {
        summary: "Questionnaires about the key's booking request, unanswered first",
        tags: ['questionnaires'],
        params: keyParams,
        querystring: z.object({ type: questionnaireTypeSchema.optional() }),
        response: { 200: questionnairesResponseSchema, ...questionnaireErrors },
      },
      config: { patientScope: 'BOOKING_REQUEST' },
    },
    async (request) => {
      const result = await service.listForBookingRequest(
        request.params.bookingKey,
        request.query.type,
      );
      await auditRead(request, 'booking_request_questionnaires');
      return result;
    },
  );

  routes.post(
    '/api/secured/booking_requests/:bookingKey/questionnaire-answers',
    {
      schema: {
        summary:
          'Answer a questionnaire about the booking request; 400 message.booking_request_waiting_protocol_error for a failed protocol',
        tags: ['questionnaires'],
        params: keyParams,
        body: saveBookingRequestAnswerRequestSchema,
        response: { 200: saveSecuredAnswerResponseSchema, ...questionnaireErrors },
      },
      config: { patientScope: 'BOOKING_REQUEST' },
    },
    async (request) =>
      service.saveForBookingRequest(
        request.params.bookingKey,
        request.body,
        requestContext(request),
      ),
  );
}
