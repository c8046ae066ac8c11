import type { ProcessedOutcome, QuestionnairesResponse } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import { bookingFormTypes } from '../model/questionnaire-rules.ts';
import { stubResizeObserver, tinyQuestionnaire } from '../testing.ts';
import {
  BookingQuestionnaires,
  type BookingQuestionnairesProps,
} from './booking-questionnaires.tsx';

// Under load (2 cores, several test runs) saving and navigating can take seconds.
const slow = { timeout: 10_000 };

beforeAll(stubResizeObserver);
beforeEach(() => {
  window.dataLayer = [];
});

const key = 'k'.repeat(22);
const mriSafety = tinyQuestionnaire();
const implants = tinyQuestionnaire({
  id: '00000000-0000-4000-8000-000000000002',
  title: 'Implants',
  definition: {
    elements: [
      {
        type: 'radiogroup',
        name: 'implant',
        title: 'Do you have an implant?',
        isRequired: true,
        choices: ['yes', 'no'],
      },
    ],
  },
});
const bookingForm = tinyQuestionnaire({
  id: '00000000-0000-4000-8000-000000000003',
  title: 'Booking form',
  type: 'BOOKING_FORM',
});

const noOutcome: ProcessedOutcome = {
  medicareNumberRequired: false,
  validationCodeRequired: false,
  documentTypeId: null,
  insuranceTypeId: null,
  url: null,
  message: null,
  walkInExamName: null,
  prepTime: null,
  minutesPrior: null,
  restrictQuestionnaireId: null,
  walkInEnabledGroup: null,
  restrictMinDate: null,
  newExamSlug: null,
  denyBooking: false,
  createBookingRequest: null,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const referrerCheck = tinyQuestionnaire({
  id: '00000000-0000-4000-8000-000000000004',
  title: 'Referrer check',
  type: 'CREATE_BOOKING_REQUEST_REFERRER',
});

function setup(
  saves: Array<Partial<{ outcome: Partial<ProcessedOutcome>; changedExamSlug: unknown }>>,
  props: Partial<BookingQuestionnairesProps> = {},
  search = '?examSlugs=mri-brain',
) {
  const answered: string[] = [];
  const posted: unknown[] = [];
  const listed: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(`/api/booking-keys/${key}/questionnaires`)) {
        listed.push(url);
        const staff = url.includes('staffBooking=true');
        const body: QuestionnairesResponse = {
          questionnaires: [bookingForm, mriSafety, implants, ...(staff ? [referrerCheck] : [])],
          bookingKey: key,
          examQuestionnaireAnswers: [],
          allQuestionnaireAnswers: answered.map((questionnaireId) => ({
            questionnaireId,
            questionnaireType: 'REQUIRED_ON_CONFIRMATION',
            questionnaireVersion: 1,
            questionnaireResult: '{}',
            answeredAt: '2031-05-04T10:00:00+10:00',
          })),
        };
        return jsonResponse(body);
      }
      if (url === `/api/booking-keys/${key}/questionnaire-answers`) {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        answered.push(body.questionnaireId);
        const save = saves.shift() ?? {};
        return jsonResponse({
          answer: {},
          outcome: { ...noOutcome, ...save.outcome },
          changedExamSlug: save.changedExamSlug ?? null,
        });
      }
      return jsonResponse(noOutcome);
    }),
  );
  const onExamChange = vi.fn();
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/select-clinic',
        element: (
          <BookingQuestionnaires
            bookingKey={key}
            examSlugs={['mri-brain']}
            onExamChange={onExamChange}
            onClose={onClose}
            {...props}
          />
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`/select-clinic${search}`] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={testI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onExamChange, onClose, posted, listed };
}

const answerWith = async (user: ReturnType<typeof userEvent.setup>, choice: string) => {
  await user.click(await screen.findByRole('radio', { name: choice }, { timeout: 15_000 }));
  await user.click(screen.getByRole('button', { name: 'Complete' }));
};

// SurveyJS renders slowly in jsdom, more so on a loaded machine
// (docs/product/questionnaires.md#testing-notes).
describe('BookingQuestionnaires', { timeout: 30_000 }, () => {
  it('asks the screening questionnaires one at a time, in order, then reports step 3.1', async () => {
    const { user, posted } = setup([{}, {}]);
    expect(await screen.findByRole('dialog', { name: 'MRI safety' })).toBeInTheDocument();
    expect(screen.getByText('Questionnaire 1 of 2')).toBeInTheDocument();
    await answerWith(user, 'No');

    expect(await screen.findByRole('dialog', { name: 'Implants' })).toBeInTheDocument();
    expect(screen.getByText('Questionnaire 2 of 2')).toBeInTheDocument();
    await answerWith(user, 'no');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    // The booking form's questionnaire belongs to the patient form, not to this step.
    expect(posted).toEqual([
      {
        questionnaireId: mriSafety.id,
        questionnaireResult: '{"pacemaker":"no"}',
        examSlugs: ['mri-brain'],
      },
      {
        questionnaireId: implants.id,
        questionnaireResult: '{"implant":"no"}',
        examSlugs: ['mri-brain'],
      },
    ]);
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ funnelEvent: 'questionnaire_completed', funnelStep: 3.1 }),
    );
  });

  it("a staff booking is also asked the referrer's questionnaire, and says so when saving", async () => {
    const { user, posted, listed } = setup(
      [{}, {}, {}],
      {},
      '?examSlugs=mri-brain&staffBooking=true',
    );
    await answerWith(user, 'No');
    await answerWith(user, 'no');
    expect(await screen.findByRole('dialog', { name: 'Referrer check' })).toBeInTheDocument();
    expect(screen.getByText('Questionnaire 3 of 3')).toBeInTheDocument();
    await answerWith(user, 'No');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(listed.every((url) => url.includes('staffBooking=true'))).toBe(true);
    expect(posted).toHaveLength(3);
    for (const body of posted) expect(body).toMatchObject({ staffBooking: true });
  });

  it('leaves a denied booking for /deny with the outcome message', async () => {
    const message = 'An MRI may not be safe with a pacemaker.';
    const { user } = setup([{ outcome: { denyBooking: true, message } }]);
    await answerWith(user, 'Yes');
    const where = await screen.findByTestId('where');
    const url = new URL(where.textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/deny');
    expect(url.searchParams.get('customMessage')).toBe(message);
    expect(window.dataLayer).not.toContainEqual(
      expect.objectContaining({ funnelEvent: 'questionnaire_completed' }),
    );
  });

  it('hands a changed exam back to the flow', async () => {
    const changed = { oldSlug: 'mri-brain', oldestSlug: 'mri-brain', newSlug: 'ct-brain' };
    const { user, onExamChange } = setup([
      { outcome: { newExamSlug: 'ct-brain' }, changedExamSlug: changed },
    ]);
    await answerWith(user, 'No');
    await waitFor(() => expect(onExamChange).toHaveBeenCalledWith(changed), slow);
  });

  it('closes back to the flow (after the confirmation when asked)', async () => {
    const { user, onClose } = setup([]);
    await screen.findByRole('radio', { name: 'No' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Close questionnaire' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('on the patient form asks only the booking form, with no close control', async () => {
    const { user, posted } = setup([{}], { types: bookingFormTypes });
    expect(await screen.findByRole('dialog', { name: 'Booking form' })).toBeInTheDocument();
    await screen.findByRole('radio', { name: 'No' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Close questionnaire' })).toBeNull();
    await answerWith(user, 'No');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(posted).toEqual([
      {
        questionnaireId: bookingForm.id,
        questionnaireResult: '{"pacemaker":"no"}',
        examSlugs: ['mri-brain'],
      },
    ]);
    // The screening questionnaires are not this step's, and the form is not funnel step 3.1.
    expect(screen.queryByRole('dialog', { name: 'MRI safety' })).toBeNull();
    expect(window.dataLayer).not.toContainEqual(
      expect.objectContaining({ funnelEvent: 'questionnaire_completed' }),
    );
  });

  it('asks nothing without a booking key', async () => {
    setup([], { bookingKey: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
