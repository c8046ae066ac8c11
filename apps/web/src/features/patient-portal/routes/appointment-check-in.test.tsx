import type { CheckInStatusResponse } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  appointmentId,
  appointmentOf,
  appointmentPageApi,
  callsTo,
  portalKey,
  summaryOf,
} from '../testing.ts';

// The first render loads the page's lazy route module: slow on a loaded 2-core machine.
const slow = { timeout: 30_000 };
const checkInPath = `/api/secured/appointments/${portalKey}/items/${appointmentId}/check_in`;
const searchPath = `/api/secured/appointments/${portalKey}/doctor_search/nguy`;
const doctor = {
  id: '3f8e2a8c-1d1b-4c9a-8e8e-0d5d1a2b3c4d',
  firstName: 'Anna',
  lastName: 'Nguyen',
  providerNumber: '2426621B',
  practiceName: 'Harbour Medical',
  city: { name: 'Sydney' },
  postalCode: { code: '2000' },
};

function statusOf(overrides: Partial<CheckInStatusResponse> = {}): CheckInStatusResponse {
  return {
    appointmentId,
    enabled: true,
    window: 'OPEN',
    opensAt: '2031-05-05T00:30:00Z',
    closesAt: '2031-05-06T01:00:00Z',
    priorMinutes: 1440,
    mode: 'FORM',
    showGenderSelection: false,
    readiness: { ready: true, requiredReferralUploaded: true, documentTypeId: null, message: null },
    patientMedicareNumber: null,
    checkIn: null,
    ...overrides,
  };
}

const record = (state: 'QUEUED' | 'DELIVERED') => ({
  id: '9a1c1c4e-3a0b-4b1e-9d6a-1f2e3d4c5b6a',
  state,
  submittedAt: '2031-05-06T00:00:00Z',
  deliveredAt: state === 'DELIVERED' ? '2031-05-06T00:00:01Z' : null,
  checkInPrepared: true,
  checkInSent: state === 'DELIVERED',
  checkInSuccess: state === 'DELIVERED',
  channel: 'HOME' as const,
});

function renderPage(path: string, answers: Record<string, () => Response>) {
  return renderApp(path, {
    api: {
      ...appointmentPageApi(),
      [`/api/secured/appointments/${portalKey}`]: () => summaryOf(appointmentOf()),
      [`/api/secured/appointments/${portalKey}/attachments/response`]: () =>
        jsonResponse({ importable: 0, appointments: [] }),
      ...answers,
    },
  });
}

describe('check-in from the appointment page', slow, () => {
  it('refuses before the window opens with the prior minutes', async () => {
    await renderPage(`/appointments/${portalKey}`, {
      [checkInPath]: () => jsonResponse(statusOf({ window: 'NOT_YET_OPEN', priorMinutes: 120 })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check in' }, { timeout: 20_000 }));
    expect(
      await screen.findByText(
        'Check-in is not open yet. You can check in from 120 minutes before your appointment.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from ?checkIn=, checks in with the form and confirms once delivered', async () => {
    let state: 'NONE' | 'QUEUED' | 'DELIVERED' = 'NONE';
    const { fetchMock } = await renderPage(`/appointments/${portalKey}?checkIn=${appointmentId}`, {
      [checkInPath]: () => {
        // GET before the POST: none; the POST answers QUEUED; the next GET DELIVERED.
        const now = state;
        state = state === 'NONE' ? 'QUEUED' : 'DELIVERED';
        return jsonResponse(
          statusOf({ checkIn: now === 'NONE' ? null : record(now) }),
          now === 'QUEUED' ? 202 : 200,
        );
      },
      [searchPath]: () => jsonResponse({ doctors: [doctor] }),
    });
    const user = userEvent.setup();
    const dialog = within(
      await screen.findByRole(
        'dialog',
        { name: 'Check in for your appointment' },
        { timeout: 20_000 },
      ),
    );
    const submit = dialog.getByRole('button', { name: 'Check in' });
    expect(submit).toBeDisabled();

    await user.type(dialog.getByRole('combobox', { name: 'Referring doctor' }), 'Nguy');
    await user.click(await screen.findByRole('option', { name: /Anna Nguyen/ }));
    const date = within(dialog.getByRole('group', { name: /Date of referral/ }));
    await user.type(date.getByRole('textbox', { name: 'Day' }), '02');
    await user.type(date.getByRole('textbox', { name: 'Month' }), '01');
    await user.type(date.getByRole('textbox', { name: 'Year' }), '2020');
    await user.type(dialog.getByRole('textbox', { name: 'Medicare number' }), '2123456711');
    await user.tab();
    expect(dialog.getByText('Enter the Medicare number as it is on your card')).toBeInTheDocument();
    await user.clear(dialog.getByRole('textbox', { name: 'Medicare number' }));
    await user.type(dialog.getByRole('textbox', { name: 'Medicare number' }), '2123456701');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: /IRN/ }), '1');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(
      await screen.findByText(
        'Thank you. The clinic knows you are coming: when you arrive, please take a seat in the waiting room.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const posts = callsTo(fetchMock, checkInPath).filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        query: {},
        body: {
          form: {
            referrer: doctor.id,
            dateOfReferral: '2020-01-02',
            medicareNumber: '2123456701',
            referenceNumber: 1,
            gender: null,
          },
        },
      },
    ]);
    expect(screen.getByText('Checked in')).toBeInTheDocument();
  });
});
