import type { QuestionnaireDocumentStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/**
 * The answers document of an appointment key (docs/product/questionnaires.md#answers-document):
 * a plain link, so the session cookie goes along and the browser downloads the PDF itself.
 */
export const questionnaireDocumentUrl = (bookingKey: string) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/questionnaires/document`;

/** How many answered questionnaires the document holds (the link shows only when any). */
export function useQuestionnaireDocumentStatus(bookingKey: string) {
  return useQuery({
    queryKey: [...patientQueryKey, 'questionnaire-document', bookingKey] as const,
    queryFn: ({ signal }) =>
      apiGet<QuestionnaireDocumentStatus>(`${questionnaireDocumentUrl(bookingKey)}/status`, {
        signal,
      }),
  });
}
