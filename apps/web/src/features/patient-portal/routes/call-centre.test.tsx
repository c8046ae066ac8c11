import type { CallCentreState } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  appointmentOf,
  appointmentPageApi,
  bookingRequestOf,
  callsTo,
  portalKey,
  sessionAnswer,
  summaryOf,
} from '../testing.ts';
import { ownerPageApi, resultsOf, sessionOf, shareToken } from './results-testing.ts';

// "Contact the call centre" (docs/product/contact-the-clinic.md) on the appointment page: the
// message and callback forms, the acknowledgement in the status region, the limit's refusal.
const slow = { timeout: 20_000 };
const base = `/api/secured/appointments/${portalKey}`;

function stateOf(overrides: Partial<CallCentreState> = {}): CallCentreState {
  return {
    topics: [
      { code: 'APPOINTMENT', labelKey: 'call_centre.topic.APPOINTMENT' },
      { code: 'OTHER', labelKey: 'call_centre.topic.OTHER' },
    ],
    messageMaxLength: 1000,
    dailyLimit: 3,
    messagesLeftToday: 3,
    callbacksLeftToday: 3,
    phone: '0400000000',
    timeZone: 'Australia/Sydney',
    openingHours: [{ weekday: 1, opens: '07:30', closes: '17:30' }],
    pendingCallbacks: [],
    ...overrides,
  };
}

function renderPage(api: Record<string, () => Response>) {
  return renderApp(`/appointments/${portalKey}`, {
    api: { ...appointmentPageApi(), [base]: () => summaryOf(appointmentOf()), ...api },
  });
}

describe('contact the call centre', slow, () => {
  it('sends a message with the chosen topic and announces the acknowledgement', async () => {
    const { user, fetchMock } = await renderPage({
      [`${base}/call_centre`]: () => jsonResponse(stateOf()),
      [`${base}/call_centre_messages`]: () =>
        jsonResponse(
          { id: crypto.randomUUID(), sentAt: '2031-05-01T00:00:00Z', messagesLeftToday: 2 },
          201,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message the call centre' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByLabelText('What is your message about?')).toHaveFocus();
    expect(within(dialog).getByText('Choose what your message is about')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('What is your message about?'), 'OTHER');
    await user.type(within(dialog).getByLabelText('Your message'), '  <b>Parking?</b>  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Message the call centre' })).toBeNull(),
    );
    expect(callsTo(fetchMock, `${base}/call_centre_messages`)).toEqual([
      { method: 'POST', query: {}, body: { topic: 'OTHER', message: '<b>Parking?</b>' } },
    ]);
    const statuses = screen.getAllByRole('status');
    expect(
      statuses.some((s) =>
        s.textContent?.includes('Your message has been sent to the call centre'),
      ),
    ).toBe(true);
  });

  it('shows the daily limit refusal in the form, keeping what was typed', async () => {
    const { user } = await renderPage({
      [`${base}/call_centre`]: () => jsonResponse(stateOf()),
      [`${base}/call_centre_messages`]: () => errorResponse(429, 'CALL_CENTRE_DAILY_LIMIT_REACHED'),
    });
    await user.click(await screen.findByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message the call centre' });
    await user.selectOptions(within(dialog).getByLabelText('What is your message about?'), 'OTHER');
    await user.type(within(dialog).getByLabelText('Your message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "You have reached today's limit for this booking",
    );
    expect(within(dialog).getByLabelText('Your message')).toHaveValue('Hello');
  });

  it('requests a callback with the prefilled phone and shows it pending', async () => {
    let state = stateOf();
    const { user, fetchMock } = await renderPage({
      [`${base}/call_centre`]: () => jsonResponse(state),
      [`${base}/callback_requests`]: () => {
        const pending = {
          id: crypto.randomUUID(),
          status: 'PENDING' as const,
          requestedAt: '2031-05-01T00:00:00Z',
          timeZone: 'Australia/Sydney',
          windows: [{ date: '2031-05-05', from: '10:00', to: '11:00' }],
          doneAt: null,
        };
        state = stateOf({ pendingCallbacks: [pending] });
        return jsonResponse({ ...pending, callbacksLeftToday: 2 }, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request a callback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a callback' });
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('0400000000');
    const group = within(dialog).getByRole('group', { name: 'Preferred time 1' });
    await user.type(within(group).getByLabelText('Date'), '2031-05-05');
    await user.type(within(group).getByLabelText('From'), '11:00');
    await user.type(within(group).getByLabelText('To'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      within(group).getByText('The end time must be after the start time'),
    ).toBeInTheDocument();
    await user.clear(within(group).getByLabelText('From'));
    await user.type(within(group).getByLabelText('From'), '09:00');
    await user.clear(within(group).getByLabelText('To'));
    await user.type(within(group).getByLabelText('To'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Callback requested' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `${base}/callback_requests`)[0]?.body).toEqual({
      phone: '0400000000',
      windows: [{ date: '2031-05-05', from: '09:00', to: '10:00' }],
      reason: null,
    });
  });

  it('is on the booking request page too', async () => {
    const requestBase = `/api/secured/booking_requests/${portalKey}`;
    await renderApp(`/booking-requests/${portalKey}`, {
      api: {
        ...appointmentPageApi(),
        '/api/authentication/session': () => sessionAnswer('BOOKING_REQUEST'),
        [requestBase]: () => bookingRequestOf(),
        [`${requestBase}/call_centre`]: () =>
          jsonResponse(stateOf({ timeZone: null, openingHours: [] })),
      },
    });
    expect(await screen.findByRole('button', { name: 'Send a message' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a callback' })).toBeNull();
  });

  it("is on the patient's own results page, loaded when asked for, on the appointment's path", async () => {
    const { user, fetchMock } = await renderApp(`/appointments/${portalKey}/result`, {
      api: { ...ownerPageApi(), [`${base}/call_centre`]: () => jsonResponse(stateOf()) },
    });
    const show = await screen.findByRole('button', { name: 'Message us or ask for a call' });
    expect(callsTo(fetchMock, `${base}/call_centre`)).toHaveLength(0);
    await user.click(show);
    expect(await screen.findByRole('button', { name: 'Send a message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a callback' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Contact the call centre' })).toHaveFocus(),
    );
    expect(callsTo(fetchMock, `${base}/call_centre`)).toHaveLength(1);
  });

  it("is not on a shared link's page: its reader is not the patient", async () => {
    const sharedPath = `/api/secured/shared/${shareToken}/result`;
    const { fetchMock } = await renderApp(`/appointments/${shareToken}/result?shared=true`, {
      api: {
        '/api/authentication/session': () => sessionOf('APPOINTMENT_RESULTS', shareToken, true),
        [sharedPath]: () =>
          resultsOf({ bookingKey: shareToken, shared: true, shareType: 'RESULT' }),
      },
    });
    expect(await screen.findByRole('article', { name: 'CT head' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Contact the call centre' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Message us or ask for a call' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('call_centre'))).toBe(false);
  });
});
