import type { AppointmentSummary, ClinicSummary, Slot } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The first render loads the page's lazy route module: on a loaded 2-core machine that alone
// can take longer than Vitest's default 5 s.
const slow = { timeout: 20_000 };
const key = 'r'.repeat(32);
const id = '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01';
const path = `/appointments/${key}/reschedule/${id}`;
const item = `/api/secured/appointments/${key}/items/${id}`;
// Monday 5 May 2031, 8 am in Perth: the week in view is 5-11 May.
const now = new Date('2031-05-05T08:00:00+08:00');

const appointment: AppointmentSummary = {
  id,
  status: 'BOOKED',
  startsAt: '2031-05-06T08:30:00+08:00',
  endsAt: '2031-05-06T09:00:00+08:00',
  timeZone: 'Australia/Perth',
  exam: { slug: 'ct-head', name: 'CT head', modalityName: 'CT', walkIn: false },
  clinic: {
    id: 3,
    slug: 'perth-central',
    name: 'Perth Central',
    address: '1 Hay St, Perth WA 6000',
    timeZone: 'Australia/Perth',
    latitude: -31.95,
    longitude: 115.86,
    phone: '08 9000 0000',
  },
  confirmedAt: null,
  replacedBy: null,
};

const slot = (clinicSlug: string, clinicName: string, start: string): Slot => ({
  clinicSlug,
  clinicName,
  examSlug: 'ct-head',
  start,
  end: start.replace(/T(\d\d):00/, 'T$1:30'),
  timeZone: 'Australia/Perth',
  enquiry: false,
});

const clinicSummary = (slug: string, name: string, distanceKm: number): ClinicSummary => ({
  id: slug === 'perth-central' ? 3 : 4,
  slug,
  name,
  regionSlug: 'perth',
  address: '1 Main St',
  suburb: name,
  state: 'WA',
  postalCode: '6000',
  phone: null,
  latitude: -31.95,
  longitude: 115.86,
  timeZone: 'Australia/Perth',
  distanceKm,
  examSlugs: ['ct-head'],
});

function portalApi(overrides: Record<string, () => Response> = {}) {
  const calls = { slots: 0 };
  const api: Record<string, () => Response> = {
    '/api/authentication/session': () =>
      jsonResponse({
        authenticated: true,
        bookingKey: key,
        authenticationType: 'APPOINTMENT',
        expiresAt: '2031-05-06T10:20:00+10:00',
      }),
    '/api/config/patient-portal': () =>
      jsonResponse({
        patientPortalBackgroundImageEnabled: false,
        cancelReasons: [],
        rescheduleWalkInAllowed: false,
      }),
    [`/api/secured/appointments/${key}`]: () =>
      jsonResponse({
        bookingKey: key,
        status: 'BOOKED',
        patient: { firstName: 'Alex', lastName: 'Citizen' },
        appointments: [appointment],
      }),
    [`${item}/change-status`]: () =>
      jsonResponse({ canChange: true, reason: null, priorMinutes: 1440 }),
    '/api/clinics/perth-central/slots': () => {
      calls.slots += 1;
      return jsonResponse({
        clinicSlug: 'perth-central',
        timeZone: 'Australia/Perth',
        slots: [
          slot('perth-central', 'Perth Central', '2031-05-07T09:00:00+08:00'),
          slot('perth-central', 'Perth Central', '2031-05-07T10:00:00+08:00'),
        ],
      });
    },
    ...overrides,
  };
  return { api, calls };
}

const moved = (start: string, clinic = appointment.clinic) =>
  jsonResponse({
    appointmentStatus: clinic.slug === appointment.clinic.slug ? 'RESCHEDULED' : 'CHANGED',
    replacement: {
      ...appointment,
      id: '7c1d2e3f-4a5b-4c6d-8e7f-901234567890',
      startsAt: start,
      endsAt: start.replace(/T(\d\d):00/, 'T$1:30'),
      clinic,
    },
  });

type Calls = Array<[string, RequestInit | undefined]>;
const posts = (fetchMock: { mock: { calls: unknown[] } }, suffix: string) =>
  (fetchMock.mock.calls as Calls)
    .filter(([input, init]) => String(input).endsWith(suffix) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('reschedule page', slow, () => {
  it('shows the current time and lists the free times in the clinic zone', async () => {
    const { api } = portalApi();
    await renderApp(path, { api, now });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Move your appointment' }),
    ).toBeInTheDocument();
    const current = await screen.findByText('Your current time');
    // 8:30 am in Perth, named with its zone, whatever zone the test machine is in.
    expect(current.nextElementSibling).toHaveTextContent(
      /Tuesday.*6 May 2031.*8:30.*(AWST|GMT\+8)/,
    );
    const times = await screen.findByRole('region', { name: /^Times on Wednesday/ });
    const buttons = within(times).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['9:00 am', '10:00 am']);
    // Each time is named with its whole date, so it reads alone.
    expect(buttons[0]).toHaveAccessibleName(/^Move to Wednesday.*7 May 2031.*9:00 am/);
    expect(screen.getByRole('link', { name: 'Back to your appointment' })).toHaveAttribute(
      'href',
      `/appointments/${key}`,
    );
  });

  it('confirms, posts the new start and returns to the appointment page saying so', async () => {
    const { api } = portalApi({ [`${item}/reschedule`]: () => moved('2031-05-07T10:00:00+08:00') });
    const { user, router, fetchMock } = await renderApp(path, { api, now });
    const times = await screen.findByRole('region', { name: /^Times on Wednesday/ });
    await user.click(within(times).getByRole('button', { name: /10:00 am/ }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Move your appointment?' });
    expect(dialog).toHaveTextContent(
      /Move your appointment from Tuesday.*6 May 2031.*8:30 am.* to Wednesday.*7 May 2031.*10:00 am/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, move it' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${key}`));
    expect(posts(fetchMock, `${item}/reschedule`)).toEqual([
      { start: '2031-05-07T10:00:00+08:00' },
    ]);
    expect(
      await screen.findByText(/^Your appointment has moved to Wednesday.*7 May 2031.*10:00 am/),
    ).toBeInTheDocument();
    // Said in a polite live region; the address keeps no state, so a reload does not repeat it.
    expect(screen.getByText(/^Your appointment has moved/).closest('[role="status"]')).not.toBe(
      null,
    );
    await waitFor(() => expect(router.state.location.state).toBe(null));
  });

  it('says a time someone just took is gone, and lists the times again', async () => {
    const { api, calls } = portalApi({
      [`${item}/reschedule`]: () =>
        errorResponse(409, 'SLOT_UNAVAILABLE', 'CT head at Perth Central has just been taken.'),
    });
    const { user, router } = await renderApp(path, { api, now });
    const times = await screen.findByRole('region', { name: /^Times on Wednesday/ });
    await user.click(within(times).getByRole('button', { name: /9:00 am/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move your appointment?' });
    const before = calls.slots;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, move it' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, someone has just taken that time.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.slots).toBeGreaterThan(before));
    expect(router.state.location.pathname).toBe(path);
  });

  it('explains a refused move (too close to the start) with a way back', async () => {
    const { api } = portalApi({
      [`${item}/reschedule`]: () =>
        errorResponse(409, 'message.reschedule_prior_minutes', 'Too late to move online.'),
    });
    const { user } = await renderApp(path, { api, now });
    const times = await screen.findByRole('region', { name: /^Times on Wednesday/ });
    await user.click(within(times).getByRole('button', { name: /9:00 am/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move your appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, move it' }));

    const heading = await screen.findByRole('heading', {
      name: 'This appointment cannot be moved online',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/only up to 24 hours before they start/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '08 9000 0000' })).toHaveAttribute(
      'href',
      'tel:0890000000',
    );
    expect(screen.getByRole('link', { name: 'Back to your appointment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Times on/ })).not.toBeInTheDocument();
  });

  it('offers no times when the server says the appointment can no longer be moved', async () => {
    const { api, calls } = portalApi({
      [`${item}/change-status`]: () =>
        jsonResponse({ canChange: false, reason: 'PRIOR_MINUTES', priorMinutes: 2880 }),
    });
    await renderApp(path, { api, now });
    expect(
      await screen.findByRole('heading', { name: 'This appointment cannot be moved online' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/only up to 2 days before they start/)).toBeInTheDocument();
    expect(calls.slots).toBe(0);
  });

  it('moves to another clinic that performs the exam (a change)', async () => {
    const { api } = portalApi({
      '/api/clinics': () =>
        jsonResponse({
          clinics: [
            clinicSummary('perth-central', 'Perth Central', 0),
            clinicSummary('fremantle', 'Fremantle', 18.6),
          ],
          pcl: null,
          defaultLocation: { latitude: -33.8688, longitude: 151.2093 },
        }),
      '/api/clinics/fremantle/slots': () =>
        jsonResponse({
          clinicSlug: 'fremantle',
          timeZone: 'Australia/Perth',
          slots: [slot('fremantle', 'Fremantle', '2031-05-08T11:00:00+08:00')],
        }),
      [`${item}/change`]: () =>
        moved('2031-05-08T11:00:00+08:00', {
          ...appointment.clinic,
          slug: 'fremantle',
          name: 'Fremantle',
        }),
    });
    const { user, router, fetchMock } = await renderApp(path, { api, now });
    const toggle = await screen.findByRole('button', { name: 'Choose another clinic' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const select = await screen.findByRole('combobox', { name: 'Clinic' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Perth Central (your current clinic)', 'Fremantle (19 km away)']);
    await user.selectOptions(select, 'fremantle');

    expect(await screen.findByText('Free times at Fremantle')).toBeInTheDocument();
    const times = await screen.findByRole('region', { name: /^Times on Thursday/ });
    await user.click(within(times).getByRole('button', { name: /11:00 am/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move your appointment?' });
    expect(dialog).toHaveTextContent(/at Perth Central to .* at Fremantle\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, move it' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${key}`));
    expect(posts(fetchMock, `${item}/change`)).toEqual([
      { examSlug: 'ct-head', clinicSlug: 'fremantle', start: '2031-05-08T11:00:00+08:00' },
    ]);
    expect(
      await screen.findByText(/^Your appointment has moved to .*11:00 am.* at Fremantle\.$/),
    ).toBeInTheDocument();
  });
});
