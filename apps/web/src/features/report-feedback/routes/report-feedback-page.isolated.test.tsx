import type { FeedbackQuestionnaire } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { reportFeedbackPath } from '../api/report-feedback-api.ts';
import { feedbackRedirectDelayMs } from '../model/feedback-reference.ts';
import { leavePortal } from '../model/leave-portal.ts';

vi.mock('../model/leave-portal.ts', () => ({ leavePortal: vi.fn() }));

// The first render loads the page's lazy route module, and SurveyJS cold in jsdom.
const slow = { timeout: 20_000 };
const imsec = 'eyJhbGciOiJIUzI1NiJ9.test-token.signature';
const feedbackUrl = `/referrer/report-feedback?imsec=${imsec}`;
const on = { application: { referrerReportQualityFeedbackEnabled: true } };

const feedback: FeedbackQuestionnaire = {
  questionnaireId: '00000000-0000-4000-8000-0000000000f1',
  questionnaireResult: null,
  questionnaire: {
    id: '00000000-0000-4000-8000-0000000000f1',
    slug: 'report-quality',
    version: 2,
    type: 'FEEDBACK',
    title: 'Feedback on this report',
    modalSize: 'MD',
    showClosingConfirmation: false,
    examSlugs: [],
    modalityIds: [],
    general: true,
    definition: {
      pages: [
        {
          name: 'report',
          elements: [
            {
              type: 'radiogroup',
              name: 'answeredClinicalQuestion',
              title: 'Did the report answer your clinical question?',
              isRequired: true,
              choices: [
                { value: 'yes', text: 'Yes' },
                { value: 'no', text: 'No' },
              ],
            },
          ],
        },
      ],
    },
  },
};

// jsdom has no ResizeObserver; SurveyJS's responsive layout needs one.
beforeAll(() => {
  if (typeof window.ResizeObserver === 'function') return;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => vi.mocked(leavePortal).mockClear());
afterEach(() => vi.useRealTimers());

/** The feedback call's answers in turn: the GET's first, then the POST's. */
function answers(...responses: Array<() => Response>) {
  let call = 0;
  return {
    [reportFeedbackPath]: () => {
      const next = responses[Math.min(call, responses.length - 1)];
      call += 1;
      return (next as () => Response)();
    },
  };
}

/** The page's calls to the feedback path: method, query and JSON body. */
const feedbackCalls = (fetchMock: Mock) =>
  (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === reportFeedbackPath)
    .map(({ url, init }) => ({
      method: init?.method ?? 'GET',
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init?.credentials,
    }));

/** The live status the page says `text` in (the shell has status regions of its own). */
async function statusSaying(text: string | RegExp): Promise<HTMLElement> {
  const words = await screen.findByText(text, {}, slow);
  const region = words.closest<HTMLElement>('[role="status"]');
  if (!region) throw new Error(`"${String(text)}" is not in a status region`);
  return region;
}

/** Answers the one question and presses Complete, as a person would. */
async function answerAndComplete(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Yes' }, slow));
  await user.click(screen.getByRole('button', { name: 'Complete' }));
}

describe('the report feedback page, before any answer', slow, () => {
  it('with the feature off: the error at once, and no call', async () => {
    const { fetchMock } = await renderApp(feedbackUrl, {
      api: answers(() => jsonResponse(feedback)),
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Report feedback');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sorry, we could not open the feedback for this report.',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(feedbackCalls(fetchMock)).toEqual([]);
  });

  it('with neither or both of imsec and accession: the error, and no call', async () => {
    for (const path of [
      '/referrer/report-feedback',
      `/referrer/report-feedback?imsec=${imsec}&accession=ACC-1`,
    ]) {
      const { fetchMock } = await renderApp(path, {
        config: on,
        api: answers(() => jsonResponse(feedback)),
      });
      expect(screen.getByRole('alert')).toHaveTextContent(/could not open the feedback/);
      expect(feedbackCalls(fetchMock)).toEqual([]);
      document.body.innerHTML = '';
    }
  });

  it('asks GET with the imsec and shows the questionnaire inline, with the FAQ link', async () => {
    const { fetchMock } = await renderApp(feedbackUrl, {
      config: on,
      api: answers(() => jsonResponse(feedback)),
    });
    const section = await screen.findByRole('region', { name: 'Feedback on this report' }, slow);
    expect(await within(section).findByRole('radio', { name: 'Yes' }, slow)).toBeInTheDocument();
    expect(feedbackCalls(fetchMock)).toEqual([
      { method: 'GET', query: { imsec }, body: undefined, credentials: 'same-origin' },
    ]);
    expect(screen.getByRole('link', { name: 'About this feedback' })).toHaveAttribute(
      'href',
      `/referrer/report-feedback/faq?imsec=${imsec}`,
    );
  });

  it("maps the page's accession to the API's pacsAppointmentId", async () => {
    const { fetchMock } = await renderApp('/referrer/report-feedback?accession=ACC-1001', {
      config: on,
      api: answers(() => jsonResponse(feedback)),
    });
    await screen.findByRole('region', { name: 'Feedback on this report' }, slow);
    expect(feedbackCalls(fetchMock)[0]?.query).toEqual({ pacsAppointmentId: 'ACC-1001' });
  });

  it('says feedback was already provided when the questionnaire comes back empty', async () => {
    await renderApp(feedbackUrl, { config: on, api: answers(() => jsonResponse(null)) });
    await statusSaying('Feedback on this report has already been provided. Thank you.');
    expect(
      screen.queryByRole('region', { name: 'Feedback on this report' }),
    ).not.toBeInTheDocument();
  });

  it('says the referrer feedback error when the call fails (an expired link, say)', async () => {
    await renderApp(feedbackUrl, {
      config: on,
      api: answers(() => errorResponse(401, 'IMAGE_VIEWER_TOKEN_EXPIRED')),
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('Sorry, we could not open the feedback for this report.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers single sign-on when an accession needs a signed-in referrer', async () => {
    await renderApp('/referrer/report-feedback?accession=ACC-1001', {
      config: on,
      api: answers(() => errorResponse(401, 'SSO_UNAUTHENTICATED')),
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(
      within(alert).getByRole('link', {
        name: 'Sign in with single sign-on, then open this page again',
      }),
    ).toHaveAttribute('href', '/image-viewer-access');
  });
});

describe('the report feedback page, answering', slow, () => {
  it('sends the answers, says provided successfully with the focus on it, and offers the report', async () => {
    const { fetchMock, user } = await renderApp(feedbackUrl, {
      config: on,
      api: answers(
        () => jsonResponse(feedback),
        () =>
          jsonResponse(
            {
              questionnaireId: feedback.questionnaireId,
              questionnaireVersion: 2,
              answeredAt: '2031-05-04T00:00:00.000Z',
            },
            201,
          ),
      ),
    });
    await answerAndComplete(user);
    const done = await statusSaying('Thank you. Your feedback was provided successfully.');
    await waitFor(() => expect(done).toHaveFocus());
    const post = feedbackCalls(fetchMock).find((call) => call.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      query: { imsec },
      body: {
        questionnaireId: feedback.questionnaireId,
        questionnaireResult: JSON.stringify({ answeredClinicalQuestion: 'yes' }),
      },
      credentials: 'same-origin',
    });
    // No redirect configured: the page stays, with the way back to the report's images.
    expect(
      within(done).getByRole('link', { name: 'Back to the images of this report' }),
    ).toHaveAttribute('href', `/referrer-report?imsec=${imsec}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leavePortal).not.toHaveBeenCalled();
  });

  it('turns a 409 into "already provided"', async () => {
    const { user } = await renderApp(feedbackUrl, {
      config: on,
      api: answers(
        () => jsonResponse(feedback),
        () => errorResponse(409, 'REPORT_FEEDBACK_ALREADY_PROVIDED'),
      ),
    });
    await answerAndComplete(user);
    const already = await statusSaying(/^Feedback on this report has already been provided/);
    await waitFor(() => expect(already).toHaveFocus());
  });

  it('keeps the answers and announces a refused save', async () => {
    const { user } = await renderApp(feedbackUrl, {
      config: on,
      api: answers(
        () => jsonResponse(feedback),
        () => errorResponse(400, 'message.error_answering_questionnaire'),
      ),
    });
    await answerAndComplete(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/could not be saved|try again/i),
    );
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.queryByText(/provided successfully/)).not.toBeInTheDocument();
  });
});

describe('the redirect after feedback', slow, () => {
  const saved = () =>
    jsonResponse(
      { questionnaireId: feedback.questionnaireId, questionnaireVersion: 2, answeredAt: 'x' },
      201,
    );

  it('waits 4000 ms on "provided successfully", then says redirecting and leaves for the site', async () => {
    expect(feedbackRedirectDelayMs).toBe(4000);
    // Fake timers that still move with real time, so SurveyJS and the queries run as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderApp(feedbackUrl, {
      config: {
        application: {
          referrerReportQualityFeedbackEnabled: true,
          referrerReportQualityFeedbackRedirectUrl: 'https://provider.example/thanks',
        },
      },
      api: answers(() => jsonResponse(feedback), saved),
    });
    await answerAndComplete(user);
    const done = await statusSaying('Thank you. Your feedback was provided successfully.');
    expect(done).toHaveTextContent('You will be taken on in a few seconds.');
    await act(() => vi.advanceTimersByTimeAsync(feedbackRedirectDelayMs - 500));
    expect(leavePortal).not.toHaveBeenCalled();
    expect(done).toHaveTextContent('provided successfully');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(leavePortal).toHaveBeenCalledWith('https://provider.example/thanks');
    const redirecting = await statusSaying('Redirecting…');
    await waitFor(() => expect(redirecting).toHaveFocus());
  });

  it('goes to a portal address through the router', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = await renderApp(feedbackUrl, {
      config: {
        application: {
          referrerReportQualityFeedbackEnabled: true,
          referrerReportQualityFeedbackRedirectUrl: `${window.location.origin}/about?from=feedback`,
        },
      },
      api: answers(() => jsonResponse(feedback), saved),
    });
    await answerAndComplete(user);
    await statusSaying('Thank you. Your feedback was provided successfully.');
    await act(() => vi.advanceTimersByTimeAsync(feedbackRedirectDelayMs + 100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(router.state.location.search).toBe('?from=feedback');
    expect(leavePortal).not.toHaveBeenCalled();
  });
});
