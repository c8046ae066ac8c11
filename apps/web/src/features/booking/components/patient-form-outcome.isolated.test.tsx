import type { ClinicSummary, Exam } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import { loadCompletion } from '../model/booking-session.ts';
import type { FormOutcome } from '../model/patient-form-schema.ts';
import { CompletionSummary } from './completion-summary.tsx';
import PatientForm from './patient-form.tsx';

// The booking calls themselves are create-booking's; here only what the form keeps matters.
vi.mock('../model/create-booking.ts', async (original) => ({
  ...(await original<typeof import('../model/create-booking.ts')>()),
  createBooking: vi.fn(async () => ({
    bookingKey: 'k'.repeat(22),
    kind: 'BOOKING_REQUEST',
    appointments: [],
    bookingRequests: [],
    requestBookingKey: null,
    staffBooking: false,
  })),
}));

const exam: Exam = {
  slug: 'mammogram',
  name: 'Mammogram',
  nameWithModality: 'Mammogram',
  modalityId: 5,
  modalityName: 'Mammography',
  modalitySlug: 'mammography',
  priority: 1,
  examCode: null,
  notes: null,
  prepInstructions: null,
  durationMinutes: 20,
  walkIn: false,
  bookingRequestOnly: false,
  showBookingRequestInfoModal: false,
  bodyParts: ['chest'],
} as Exam;
const clinic = {
  slug: 'parramatta',
  name: 'Parramatta',
  timeZone: 'Australia/Sydney',
} as ClinicSummary;

const none: FormOutcome = {
  medicareNumberRequired: false,
  documentTypeId: null,
  walkInExamName: null,
  prepTime: null,
  minutesPrior: null,
};

function setup(outcome: Partial<FormOutcome>) {
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/config/booking')
        return jsonResponse({ validReferralContentTypes: ['application/pdf'] });
      posted.push({ url, body: init?.body });
      if (url === '/api/booking-keys')
        return jsonResponse({ bookingKey: 'k'.repeat(22), expiresAt: '2031-05-04T10:00:00Z' });
      if (url === '/api/booking-requests')
        return jsonResponse([{ bookingKey: 'k'.repeat(22), examName: 'Mammogram' }]);
      return jsonResponse({ id: 'doc' }, 201);
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/booking',
        element: (
          <PatientForm
            exams={[exam]}
            clinic={clinic}
            onSlotLost={vi.fn()}
            onBack={vi.fn()}
            outcome={{ ...none, ...outcome }}
          />
        ),
      },
    ],
    { initialEntries: ['/booking?examSlugs=mammogram&slots=mammogram@request'] },
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
  return { user: userEvent.setup(), posted };
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send booking request' }));

beforeEach(() => sessionStorage.clear());

describe('patient form acting on questionnaire outcomes', { timeout: 20_000 }, () => {
  it('asks for no Medicare number unless an answer requires it', async () => {
    setup({});
    await screen.findByRole('textbox', { name: 'First name' });
    expect(screen.queryByRole('textbox', { name: 'Medicare card number' })).toBeNull();
  });

  it('requires a well-formed Medicare number when an answer says a card will be used', async () => {
    const { user } = setup({ medicareNumberRequired: true });
    const field = await screen.findByRole('textbox', { name: 'Medicare card number' });
    expect(field).toHaveAttribute('aria-required', 'true');
    await user.type(field, '1234');
    await submit(user);
    const summary = await screen.findByRole('alert');
    const message =
      'Enter the Medicare card number: 10 digits, or 11 with the number next to your name';
    expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('requires the referral when an answer asks for a document type, and sends the type', async () => {
    const { user, posted } = setup({ documentTypeId: 3 });
    const upload = await screen.findByLabelText('Referral (required)');
    expect(upload).toBeRequired();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Casey');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    expect(screen.queryByText('Upload your referral before you book')).toBeNull();
    await user.upload(upload, new File(['%PDF-1.4'], 'referral.pdf', { type: 'application/pdf' }));
    await screen.findByText(/referral\.pdf/);
    const sent = posted.find((call) => call.url.endsWith('/documents'))?.body as FormData;
    expect(sent.get('documentTypeId')).toBe('3');
  });

  it('refuses to send without the required referral', async () => {
    const { user } = setup({ documentTypeId: 3 });
    await screen.findByLabelText('Referral (required)');
    await fillValidDetails(user);
    await submit(user);
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Upload your referral before you book')).toBeInTheDocument();
  });

  it('shows the walk-in guidance on the form and keeps it for the completion', async () => {
    const { user } = setup({ walkInExamName: 'Mammogram', prepTime: 15, minutesPrior: 10 });
    const guidance = await screen.findByTestId('walk-in-guidance');
    expect(guidance).toHaveTextContent(
      'From your answers, Mammogram is also available without an appointment (walk-in).',
    );
    expect(guidance).toHaveTextContent('Allow 15 minutes to prepare.');
    expect(guidance).toHaveTextContent('Please arrive 10 minutes before your exam.');
    await fillValidDetails(user);
    await submit(user);
    await vi.waitFor(() => expect(loadCompletion()?.walkIn?.examName).toBe('Mammogram'));
  });

  it('shows when to arrive even without a walk-in exam', async () => {
    setup({ prepTime: 15, minutesPrior: 15 });
    const guidance = await screen.findByTestId('walk-in-guidance');
    expect(guidance).toHaveTextContent('Allow 15 minutes to prepare.');
    expect(guidance).not.toHaveTextContent('walk-in');
  });
});

describe('completion summary', () => {
  it('repeats the walk-in guidance', () => {
    sessionStorage.setItem(
      'booking.completion',
      JSON.stringify({
        bookingKey: 'k'.repeat(22),
        kind: 'BOOKING_REQUEST',
        appointments: [],
        bookingRequests: [],
        requestBookingKey: null,
        staffBooking: false,
        walkIn: { examName: 'Mammogram', prepTime: null, minutesPrior: 5 },
      }),
    );
    const router = createMemoryRouter([{ path: '*', element: <CompletionSummary /> }]);
    render(
      <I18nextProvider i18n={testI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const guidance = screen.getByTestId('walk-in-guidance');
    expect(guidance).toHaveTextContent('Please arrive 5 minutes before your exam.');
    expect(guidance).not.toHaveTextContent('prepare');
  });
});

async function fillValidDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Casey');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
  await user.type(screen.getByRole('textbox', { name: 'Day' }), '9');
  await user.type(screen.getByRole('textbox', { name: 'Month' }), '3');
  await user.type(screen.getByRole('textbox', { name: 'Year' }), '1984');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'casey@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone number' }), '0412345678');
  await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '2150');
}
