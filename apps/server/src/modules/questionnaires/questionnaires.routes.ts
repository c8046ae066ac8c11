import {
  bookingKeySchema,
  bookingQuestionnairesQuerySchema,
  changedExamSlugSchema,
  errorResponseSchema,
  examChangeRequestSchema,
  outcomeQuerySchema,
  processedOutcomeSchema,
  questionnairesResponseSchema,
  saveTemporaryAnswerRequestSchema,
  saveTemporaryAnswerResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { QuestionnairesService } from './questionnaires.service.ts';

export const questionnaireErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  500: errorResponseSchema,
};
const keyParams = z.object({ bookingKey: bookingKeySchema });
const noStore = { 'cache-control': 'no-store' };

/** The public booking-flow routes, keyed by the reserved booking key. */
export function registerQuestionnaireRoutes(
  app: FastifyInstance,
  service: QuestionnairesService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/booking-keys/:bookingKey/questionnaires',
    {
      schema: {
        summary: 'Booking-flow questionnaires for the chosen exams, unanswered first',
        tags: ['questionnaires'],
        params: keyParams,
        querystring: bookingQuestionnairesQuerySchema,
        response: { 200: questionnairesResponseSchema, ...questionnaireErrors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await service.listForBooking(
            request.params.bookingKey,
            request.query.examSlugs,
            request.query.changedExamSlug,
            request.query.staffBooking,
          ),
        ),
  );

  routes.post(
    '/api/booking-keys/:bookingKey/questionnaire-answers',
    {
      schema: {
        summary:
          'Save a temporary answer; 400 message.error_answering_questionnaire when it does not fit its questionnaire',
        tags: ['questionnaires'],
        params: keyParams,
        body: saveTemporaryAnswerRequestSchema,
        response: { 200: saveTemporaryAnswerResponseSchema, ...questionnaireErrors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await service.saveTemporaryAnswer(
            request.params.bookingKey,
            request.body,
            requestContext(request),
          ),
        ),
  );

  routes.get(
    '/api/booking-keys/:bookingKey/outcome',
    {
      schema: {
        summary: 'The outcome of every stored answer of this key for these exams',
        tags: ['questionnaires'],
        params: keyParams,
        querystring: outcomeQuerySchema,
        response: { 200: processedOutcomeSchema, ...questionnaireErrors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await service.outcome(request.params.bookingKey, request.query.examSlugs)),
  );

  routes.post(
    '/api/booking-keys/:bookingKey/exam-changes',
    {
      schema: {
        summary: 'Record a change of exam that an outcome allows (400 otherwise)',
        tags: ['questionnaires'],
        params: keyParams,
        body: examChangeRequestSchema,
        response: { 200: changedExamSlugSchema, ...questionnaireErrors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await service.changeExam(request.params.bookingKey, request.body)),
  );
}
