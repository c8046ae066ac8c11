import type { ResultsResponse } from '@portal/contract';
import { apiGet } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/**
 * A results page's read as a query (docs/product/patient-portal.md#results-and-sharing), apart
 * from results-api.ts so that the start-up prefetch (api/page-prefetch.ts), which every page's
 * entry carries, holds only this.
 */

/** Whose results a page shows: the key's owner, the patient's history, or a share's recipient. */
export type ResultsMode = 'owner' | 'history' | 'shared';

/** A booking key's results calls start here (its match and shares too, results-api.ts). */
export const appointmentPath = (bookingKey: string) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/result`;

const resultsPath: Record<ResultsMode, (key: string) => string> = {
  owner: appointmentPath,
  history: (key) => `${appointmentPath(key)}/history`,
  shared: (token) => `/api/secured/shared/${encodeURIComponent(token)}/result`,
};

export const resultsKey = (mode: ResultsMode, bookingKey: string) =>
  [...patientQueryKey, 'results', mode, bookingKey] as const;

// Never fresh and never retried: each read is audited (and on a share, recorded as an access
// the patient sees), and a 401 or 403 is the answer, not a glitch.
export const resultsQuery = (mode: ResultsMode, bookingKey: string) => ({
  queryKey: resultsKey(mode, bookingKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<ResultsResponse>(resultsPath[mode](bookingKey), { signal }),
  retry: false,
  staleTime: 0,
});
