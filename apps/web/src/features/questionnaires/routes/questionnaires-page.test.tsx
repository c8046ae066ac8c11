import type { QuestionnairesResponse } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { stubResizeObserver, tinyQuestionnaire } from '../testing.ts';

// Under load (2 cores, several test runs) saving and navigating can take seconds.
const slow = { timeout: 10_000 };

beforeAll(async () => {
  stubResizeObserver();
  // renderApp waits 5 s for the page's h1; on a loaded machine the first, cold import of the
  // route chunk can take longer, so it is imported (and cached) before the first test.
  await import('./questionnaires-page.tsx');
});

const key = 'k'.repeat(22);
const appointmentId = '00000000-0000-4000-8000-0000000000aa';
const cancel = tinyQuestionnaire({
  type: 'CANCEL_APPOINTMENT_PATIENT',
  title: 'Why are you cancelling?',
  definition: {
    elements: [
      {
        type: 'radiogroup',
        name: 'reason',
        title: 'Reason',
        isRequired: true,
        choices: [
          { value: 'better-time', text: 'I need a better time' },
          { value: 'no-longer-needed', text: 'I no longer need it' },
        ],
      },
    ],
  },
});
const painScore = tinyQuestionnaire({ type: 'PAIN_SCORE_INITIAL', title: 'Pain score' });

const list = (questionnaires = [cancel]): QuestionnairesResponse => ({
  questionnaires,
  bookingKey: key,
  examQuestionnaireAnswers: [],
  allQuestionnaireAnswers: [],
});

const secured = `/api/secured/appointments/${key}`;

describe('/questionnaires', { timeout: 30_000 }, () => {
  it('saves the cancel questionnaire for the appointment and goes to the stored redirect', async () => {
    const { user, router, fetchMock } = await renderApp(
      `/questionnaires?bookingKey=${key}&type=CANCEL_APPOINTMENT_PATIENT&appointmentId=${appointmentId}&redirectUrl=${encodeURIComponent(`/appointments/${key}`)}`,
      {
        api: {
          [`${secured}/questionnaires`]: () => jsonResponse(list()),
          [`${secured}/questionnaire-answers`]: () =>
            jsonResponse({ answer: {}, appointmentStatus: 'CANCELED' }),
        },
      },
    );
    expect(await screen.findByRole('dialog', { name: 'Why are you cancelling?' })).toBeVisible();
    await user.click(
      await screen.findByRole('radio', { name: 'I no longer need it' }, { timeout: 15_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${key}`), slow);
    const save = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/questionnaire-answers'),
    );
    const init = (save as unknown[] | undefined)?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({
      questionnaireId: cancel.id,
      questionnaireResult: '{"reason":"no-longer-needed"}',
      appointmentId,
    });
  });

  it('says so when nothing is left to answer, also under /q', async () => {
    await renderApp(`/q?bookingKey=${key}`, {
      api: { [`${secured}/questionnaires`]: () => jsonResponse(list([])) },
    });
    expect(
      await screen.findByText('There are no questionnaires left to answer. Thank you.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your booking' })).toHaveAttribute(
      'href',
      `/appointments/${key}`,
    );
  });

  it('sends an unauthenticated patient to authentication and back', async () => {
    const path = `/questionnaires?bookingKey=${key}&type=FEEDBACK`;
    const { router } = await renderApp(path, {
      api: { [`${secured}/questionnaires`]: () => errorResponse(401, 'UNAUTHENTICATED') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'), slow);
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('returnUrl')).toBe(path);
    expect(query.get('bookingKey')).toBe(key);
    expect(query.get('type')).toBe('APPOINTMENT');
  });

  it('explains a pain score that could not be saved on /deny, with a close link back', async () => {
    const { user, router } = await renderApp(
      `/iframe/questionnaires?bookingKey=${key}&type=PAIN_SCORE_INITIAL&appointmentId=${appointmentId}`,
      {
        api: {
          [`${secured}/questionnaires`]: () => jsonResponse(list([painScore])),
          [`${secured}/pain-scores`]: () => errorResponse(400, 'PAIN_SCORE_PROBLEM'),
        },
      },
    );
    await screen.findByRole('dialog', { name: 'Pain score' });
    // A pain score must be answered: there is no close control.
    expect(screen.queryByRole('button', { name: 'Close questionnaire' })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: 'Yes' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/iframe/deny'), slow);
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('customMessage')).toBe(
      'We could not save your pain score. Please tell the clinic staff.',
    );
    expect(query.get('showClose')).toBe('true');
    expect(query.get('redirectUrl')).toBe(`/appointments/${key}`);
  });

  it('asks for the booking details when the link has none', async () => {
    await renderApp('/questionnaires');
    expect(
      screen.getByText(
        'This link is missing its booking details. Open the link in your message again.',
      ),
    ).toBeInTheDocument();
  });
});
