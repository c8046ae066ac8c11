import type { EmailPreviewQuery, EmailPreviewResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/notifications/preview_translated_email: one message rendered in one language. */
export function useEmailPreview(query: EmailPreviewQuery) {
  return useQuery({
    queryKey: ['email-preview', query.template, query.lang, query.referenceId ?? null],
    queryFn: ({ signal }) =>
      apiGet<EmailPreviewResponse>('/api/notifications/preview_translated_email', {
        signal,
        query: { ...query },
      }),
    // A wording check: no retries hiding an error, the last answer kept while the next loads.
    retry: false,
    placeholderData: (previous) => previous,
  });
}
