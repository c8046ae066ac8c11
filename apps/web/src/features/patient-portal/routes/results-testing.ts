import type {
  AppointmentResult,
  ResultsResponse,
  SessionResponse,
  SharedAccessRecord,
} from '@portal/contract';
import type { Mock } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { portalConfig, portalKey } from '../testing.ts';

/** Fixtures of the results pages' tests. */

export const resultId = '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01';
export const olderResultId = '1c9f9a4f-3a5b-4c7d-8e69-4e8d2b4f6a02';
export const shareToken = 's'.repeat(43);
export const shareId = '5b0a3a52-6f2e-4a55-9a0f-3f4d2b1c9e01';

export const sessionOf = (
  type: SessionResponse['authenticationType'],
  bookingKey = portalKey,
  shared = false,
) =>
  jsonResponse({
    authenticated: true,
    bookingKey,
    authenticationType: type,
    shared,
    expiresAt: '2031-05-04T10:20:00+10:00',
  } satisfies SessionResponse);

/** A released CT head result, examined at 8:30 am in Perth on Tuesday 6 May 2031. */
export function resultOf(overrides: Partial<AppointmentResult> = {}): AppointmentResult {
  return {
    appointmentId: resultId,
    startsAt: '2031-05-06T00:30:00Z',
    timeZone: 'Australia/Perth',
    exam: { name: 'CT head', modalityName: 'CT' },
    clinic: { name: 'Perth Central' },
    status: 'AVAILABLE',
    releasedAt: '2031-05-07T01:00:00Z',
    report: {
      title: 'CT head without contrast',
      text: 'Findings: no acute abnormality.\nImpression: normal study.',
    },
    imagesAvailable: false,
    accessionNumber: null,
    ...overrides,
  };
}

export const resultsOf = (overrides: Partial<ResultsResponse> = {}) =>
  jsonResponse({
    bookingKey: portalKey,
    patient: { firstName: 'Alex', lastName: 'Citizen' },
    shared: false,
    shareType: null,
    accessExpiresAt: '2032-05-07T01:00:00Z',
    results: [resultOf()],
    ...overrides,
  } satisfies ResultsResponse);

export function shareOf(overrides: Partial<SharedAccessRecord> = {}): SharedAccessRecord {
  return {
    id: shareId,
    contactDetails: 'gp@clinic.example',
    contactDetailsType: 'EMAIL',
    contactName: 'Dr Lee',
    note: null,
    type: 'RESULT',
    appointmentId: resultId,
    dateCreatedUTC: '2031-05-03T02:00:00Z',
    expiresAt: '2031-05-17T02:00:00Z',
    dateRevoked: null,
    accesses: [
      {
        at: '2031-05-03T05:00:00Z',
        clientAddress: '203.0.113.7',
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    ],
    ...overrides,
  };
}

export const ownerResultsPath = `/api/secured/appointments/${portalKey}/result`;
export const sharesPath = `${ownerResultsPath}/shares`;

/** The calls the owner's results page makes before anything is pressed. */
export const ownerPageApi = (config = portalConfig()) => ({
  '/api/authentication/session': () => sessionOf('APPOINTMENT_RESULTS'),
  '/api/config/patient-portal': () => config,
  [ownerResultsPath]: () => resultsOf(),
});

type Answer = (init: RequestInit | undefined) => Response;

/**
 * Answers one path by method, named in lower case (renderApp's answers cannot tell GET from
 * POST): later calls to `path` get `answers[method]`, every other call what was set up before.
 */
export function answerByMethod(fetchMock: Mock, path: string, answers: Record<string, Answer>) {
  const fallback = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toLowerCase();
    const answer = url.pathname === path ? answers[method] : undefined;
    if (answer) return answer(init);
    return fallback?.(input, init);
  });
}
