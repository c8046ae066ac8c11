import { bookingKeySchema, questionnaireDocumentStatusSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticationRequestInfo } from '../authentication/index.ts';
import type { QuestionnaireDocumentService } from './questionnaire-document.service.ts';
import { questionnaireErrors } from './questionnaires.routes.ts';

const keyParams = z.object({ bookingKey: bookingKeySchema });
const documentPath = '/api/secured/appointments/:bookingKey/questionnaires/document';

/**
 * The answers document (viewQuestionnaire, spec 1 §7) beside the key's questionnaires
 * (GET .../questionnaires reads the same answers as JSON): the PDF, and whether it holds
 * anything, for the appointment page's link. The guard admits only this key's session.
 */
export function registerQuestionnaireDocumentRoutes(
  app: FastifyInstance,
  service: QuestionnaireDocumentService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The answers are patient data (docs/product/security.md#audit-trail).
  const auditRead = (request: FastifyRequest, what: string) =>
    app.authentication.auditRead(authenticationRequestInfo(request), request.patientSession!, what);

  routes.get(
    documentPath,
    {
      schema: {
        summary:
          "The key's answered questionnaires as a PDF (application/pdf, an attachment); 404 QUESTIONNAIRE_ANSWERS_NONE when none is answered",
        tags: ['questionnaires'],
        params: keyParams,
        response: { 200: z.any().describe('The PDF (application/pdf)'), ...questionnaireErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request, reply) => {
      const pdf = await service.document(request.params.bookingKey);
      await auditRead(request, 'appointment_questionnaire_document');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="questionnaire-answers.pdf"')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    },
  );

  routes.get(
    `${documentPath}/status`,
    {
      schema: {
        summary: 'How many answered questionnaires the answers document holds (0: no document)',
        tags: ['questionnaires'],
        params: keyParams,
        response: { 200: questionnaireDocumentStatusSchema, ...questionnaireErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) => {
      const status = await service.status(request.params.bookingKey);
      await auditRead(request, 'appointment_questionnaire_document_status');
      return status;
    },
  );
}
