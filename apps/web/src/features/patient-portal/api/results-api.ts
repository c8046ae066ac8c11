import { resultsErrorCodes } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { type ResultsMode, resultsKey, resultsQuery } from './results-query.ts';
import { refetchOnMount, useStartupAnswerOnce } from './startup-answers.ts';

export type { ResultsMode } from './results-query.ts';
export { resultsKey } from './results-query.ts';

/**
 * The results pages' reads (docs/product/patient-portal.md#results-and-sharing): a booking's
 * results (the patient's own, their history, or a share's), cached under the patient key, so a
 * logout drops them. Patient matching and the shares are results-sharing-api.ts: their
 * mutations (react-query's mutation code, 1 KB gzip) load with the form and the modal that use
 * them, not with the page (docs/benchmarks.md).
 */

/**
 * Where a refused read sends the browser (spec 1 §4 deny messages): the provider's access period
 * over (`RESULTS_EXPIRED`), or a share revoked or expired (`SHARE_REVOKED`). Null for anything
 * else, which the page offers to retry.
 */
export function resultsDenyUrl(error: unknown, iframe: boolean): string | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const prefix = iframe ? '/iframe' : '';
  if (error.code === resultsErrorCodes.resultsExpired) return `${prefix}/deny?resultsExpired=true`;
  if (error.code === resultsErrorCodes.shareRevoked) return `${prefix}/deny?revoked=true`;
  return null;
}

// The owner's page may find its first answer fetched at start-up (api/page-prefetch.ts), taken
// once without a second read.
export function useResults(mode: ResultsMode, bookingKey: string, enabled: boolean) {
  useStartupAnswerOnce(resultsKey(mode, bookingKey));
  return useQuery({ ...resultsQuery(mode, bookingKey), enabled, refetchOnMount });
}
