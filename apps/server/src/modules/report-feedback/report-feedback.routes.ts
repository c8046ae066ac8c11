import {
  errorResponseSchema,
  feedbackQuestionnaireResponseSchema,
  type ReportFeedbackQuery,
  reportFeedbackQuerySchema,
  reportFeedbackSavedSchema,
  saveReportFeedbackRequestSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { FeedbackReference, ReportFeedbackService } from './report-feedback.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['report-feedback'];
const path = '/api/image_viewer_link/questionnaires';

/**
 * The report-quality feedback calls (spec 1 §7; docs/product/images.md#report-quality-feedback).
 * `staffSubject` is the caller's single sign-on subject, or 401 (index.ts, the sso module's
 * requireStaff); asked for only with pacsAppointmentId and only once the feature is on.
 */
export function registerReportFeedbackRoutes(
  app: FastifyInstance,
  deps: {
    service: ReportFeedbackService;
    staffSubject(request: FastifyRequest): Promise<string>;
    rateLimitMax: number;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;
  // As the image viewer's link routes (image-viewer.routes.ts): opened rarely, by a person.
  const rateLimit = {
    rateLimit: { max: Math.max(10, Math.ceil(deps.rateLimitMax / 10)), timeWindow: '1 minute' },
  };
  const referenceOf = (request: FastifyRequest, query: ReportFeedbackQuery): FeedbackReference =>
    query.imsec !== undefined
      ? { kind: 'LINK', imsec: query.imsec }
      : {
          kind: 'ACCESSION',
          accessionNumber: query.pacsAppointmentId ?? '',
          staffSubject: () => deps.staffSubject(request),
        };
  const querystring =
    "Exactly one of imsec (a referrer's or external radiologist's viewer link; a patient's is 403 REPORT_FEEDBACK_PATIENT_LINK; 400/403/401 as the image viewer for a malformed, forged or expired one) and pacsAppointmentId (the PACS's accession number of a released result, for a referrer signed in with single sign-on: 401 SSO_UNAUTHENTICATED otherwise, 404 REPORT_FEEDBACK_REPORT_NOT_FOUND). 404 REPORT_FEEDBACK_DISABLED while referrerReportQualityFeedbackEnabled is off.";

  routes.get(
    path,
    {
      schema: {
        summary: `The report's feedback questionnaire, or null when feedback on the report was already provided. ${querystring}`,
        tags,
        querystring: reportFeedbackQuerySchema,
        response: { 200: feedbackQuestionnaireResponseSchema, ...errors },
      },
      config: rateLimit,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.questionnaire(referenceOf(request, request.query), requestContext(request));
    },
  );

  routes.post(
    path,
    {
      schema: {
        summary: `Gives feedback on the report: the answers are checked against the questionnaire's current version (400 message.error_answering_questionnaire, 404 QUESTIONNAIRE_UNKNOWN) and stored once per report (409 REPORT_FEEDBACK_ALREADY_PROVIDED). ${querystring}`,
        tags,
        querystring: reportFeedbackQuerySchema,
        body: saveReportFeedbackRequestSchema,
        response: { 201: reportFeedbackSavedSchema, ...errors, 409: errorResponseSchema },
      },
      config: rateLimit,
    },
    async (request, reply) => {
      const saved = await service.save(
        referenceOf(request, request.query),
        request.body,
        requestContext(request),
      );
      return reply.code(201).header('cache-control', 'no-store').send(saved);
    },
  );
}
