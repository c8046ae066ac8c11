import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import {
  bookingRequestChoice,
  calendarViewOf,
  chosenSlotsOf,
  procedureTabOf,
  timeOfDayOf,
  withCalendarViewToggled,
  withChosenSlot,
  withExamChanged,
  withExams,
  withoutTimeParams,
  withProcedureTab,
  withTimeOfDayToggled,
} from './booking-params.ts';
import {
  bookingRequestInfoMessage,
  bookingRequestInfoOf,
  creationOutcome,
  showBookingRequestInfo,
  walkInWarning,
} from './booking-rules.ts';
import { currentBookingKey, setBookingKey } from './booking-session.ts';
import { dayInZone, startOfDayInZone, visibleRange } from './calendar-dates.ts';
import {
  BookingFailedError,
  createBooking,
  preferredTimeOf,
  SlotLostError,
} from './create-booking.ts';
import { serverErrorMessage } from './server-error-message.ts';

const t = testI18n().t;

describe('booking URL state', () => {
  it('changing the procedure tab resets groupName', () => {
    const params = withExams(new URLSearchParams('procedureTab=single'), ['ct-brain']);
    expect(params.get('groupName')).toBe('ct-brain');
    const next = withProcedureTab(params, 'multiple');
    expect(procedureTabOf(next)).toBe('multiple');
    expect(next.get('groupName')).toBeNull();
    expect(next.get('examSlugs')).toBeNull();
  });

  it('selecting exams updates groupName (a predefined group keeps its slug)', () => {
    const groups = [{ slug: 'knee-pack', examSlugs: ['knee-x-ray', 'knee-mri'] }];
    expect(
      withExams(new URLSearchParams(), ['knee-mri', 'knee-x-ray'], groups).get('groupName'),
    ).toBe('knee-pack');
    expect(withExams(new URLSearchParams(), ['b', 'a']).get('groupName')).toBe('a+b');
    expect(withExams(new URLSearchParams('groupName=x'), []).get('groupName')).toBeNull();
  });

  it('selecting a time of day toggles it in the comma list', () => {
    let params = withTimeOfDayToggled(new URLSearchParams(), 'AFTERNOON');
    params = withTimeOfDayToggled(params, 'MORNING');
    expect(params.get('timeOfDay')).toBe('MORNING,AFTERNOON');
    params = withTimeOfDayToggled(params, 'AFTERNOON');
    expect(timeOfDayOf(params)).toEqual(['MORNING']);
    params = withTimeOfDayToggled(params, 'MORNING');
    expect(params.has('timeOfDay')).toBe(false);
  });

  it('the calendar defaults to WEEK and toggles to MONTH and back', () => {
    const params = new URLSearchParams();
    expect(calendarViewOf(params)).toBe('WEEK');
    const month = withCalendarViewToggled(params);
    expect(calendarViewOf(month)).toBe('MONTH');
    expect(calendarViewOf(withCalendarViewToggled(month))).toBe('WEEK');
    expect(visibleRange('2031-05-07', 'WEEK')).toEqual({ from: '2031-05-05', to: '2031-05-11' });
    expect(visibleRange('2031-02-07', 'MONTH')).toEqual({ from: '2031-02-01', to: '2031-02-28' });
  });

  it('a failed selection clears the time parameters', () => {
    const params = withChosenSlot(
      new URLSearchParams('clinic=c&date=2031-05-05&step=details'),
      'ct-brain',
      { kind: 'slot', start: '2031-05-05T09:00:00+10:00' },
    );
    expect(chosenSlotsOf(params)).toEqual({
      'ct-brain': { kind: 'slot', start: '2031-05-05T09:00:00+10:00' },
    });
    const cleared = withoutTimeParams(params);
    expect(cleared.has('slots')).toBe(false);
    expect(cleared.has('step')).toBe(false);
    expect(cleared.get('clinic')).toBe('c');
  });

  it('slots keeps examSlug@start, and examSlug@request for a booking request with no time', () => {
    const start = '2031-05-05T09:00:00+10:00';
    const params = new URLSearchParams({ slots: `mammogram@request,ct-brain@${start}` });
    expect(chosenSlotsOf(params)).toEqual({
      mammogram: bookingRequestChoice,
      'ct-brain': { kind: 'slot', start },
    });
    const next = withChosenSlot(params, 'ct-coronary', bookingRequestChoice);
    expect(next.get('slots')).toBe(`mammogram@request,ct-brain@${start},ct-coronary@request`);
  });
});

const exam = (slug: string, modalityId: number, extra: Record<string, unknown> = {}) => ({
  slug,
  name: slug,
  modalityId,
  walkIn: false,
  notes: null as string | null,
  showBookingRequestInfoModal: false,
  ...extra,
});

describe('walk-in warning', () => {
  it('shows for two or more modalities with a walk-in one; tab single for two, multiple above', () => {
    expect(walkInWarning([exam('a', 1, { walkIn: true })])).toEqual({ show: false });
    expect(walkInWarning([exam('a', 1), exam('b', 2)])).toEqual({ show: false });
    expect(walkInWarning([exam('a', 1, { walkIn: true }), exam('b', 2)])).toEqual({
      show: true,
      tab: 'single',
    });
    expect(walkInWarning([exam('a', 1), exam('b', 2), exam('c', 3)], [{ slug: 'c' }])).toEqual({
      show: true,
      tab: 'multiple',
    });
  });
});

describe('booking request info modal', () => {
  it('shows only when the first exam has the flag and notes, or a walk-in exam applies', () => {
    const flagged = exam('a', 1, { showBookingRequestInfoModal: true, notes: 'Fast 4 hours' });
    expect(showBookingRequestInfo(bookingRequestInfoOf([flagged]))).toBe(true);
    expect(
      showBookingRequestInfo(
        bookingRequestInfoOf([exam('a', 1, { showBookingRequestInfoModal: true })]),
      ),
    ).toBe(false);
    expect(
      showBookingRequestInfo(bookingRequestInfoOf([exam('b', 1, { notes: 'x' }), flagged])),
    ).toBe(false);
    expect(showBookingRequestInfo(bookingRequestInfoOf([exam('x', 1, { walkIn: true })]))).toBe(
      true,
    );
  });

  it('has three messages: mapped, not mapped, everything OK', () => {
    expect(bookingRequestInfoMessage(bookingRequestInfoOf([]))).toBe('not_mapped');
    expect(bookingRequestInfoMessage(bookingRequestInfoOf([exam('x', 1, { walkIn: true })]))).toBe(
      'mapped',
    );
    expect(bookingRequestInfoMessage(bookingRequestInfoOf([exam('y', 1)]))).toBe('ok');
  });
});

describe('creation outcome and server errors', () => {
  it('fails with the first error when every item failed; succeeds otherwise', () => {
    const failed = { success: false, errorMessage: 'first' };
    expect(creationOutcome([failed, { success: false, errorMessage: 'second' }])).toMatchObject({
      ok: false,
      errorMessage: 'first',
    });
    expect(creationOutcome([failed, { success: true, errorMessage: null }])).toMatchObject({
      ok: true,
    });
    expect(
      creationOutcome([{ success: true, errorMessage: 'warn' }], {
        loggedIn: true,
        stateFlag: true,
      }),
    ).toMatchObject({ ok: false, errorMessage: 'warn' });
  });

  it('maps server errors: >= 505 general, other >= 500 by status, others pass through', () => {
    expect(serverErrorMessage(new ApiError(507, 'X', 'raw'), t)).toBe(
      t('error.server_error_message.general_error'),
    );
    expect(serverErrorMessage(new ApiError(505, 'X', 'raw'), t)).toBe(
      t('error.server_error_message.general_error'),
    );
    expect(serverErrorMessage(new ApiError(503, 'X', 'raw'), t)).toBe(
      t('error.server_error_message.503'),
    );
    expect(serverErrorMessage(new ApiError(500, 'X', 'raw'), t)).not.toBe('raw');
    expect(serverErrorMessage(new ApiError(400, 'VALIDATION_FAILED', 'Bad e-mail'), t)).toBe(
      'Bad e-mail',
    );
  });
});

describe('createBooking', () => {
  const clinic = { id: 1, slug: 'north', name: 'North', timeZone: 'Australia/Sydney' } as never;
  const ctBrain = { slug: 'ct-brain', bookingRequestOnly: false } as never;
  const input = {
    exams: [ctBrain],
    clinic,
    chosen: { 'ct-brain': { kind: 'slot', start: '2031-05-05T09:00:00+10:00' } } as const,
    holds: {},
    patientDetails: {
      firstName: 'A',
      lastName: 'B',
      dateOfBirth: '1980-01-01',
      sex: 'FEMALE',
      email: 'a@b.co',
      contactNumber: '0412345678',
      postalCode: '2000',
    } as never,
    pending: false,
    staffBooking: false,
  };
  const oldKey = 'o'.repeat(22);
  const newKey = 'n'.repeat(22);

  it('on an appointment error requests a new key and re-keys the documents', async () => {
    setBookingKey(oldKey);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/appointments') return errorResponse(503, 'UNAVAILABLE');
        if (url === '/api/booking-keys')
          return jsonResponse({ bookingKey: newKey, expiresAt: '2031-01-01T00:00:00Z' });
        return jsonResponse({ documents: 1, questionnaireAnswers: 0 });
      }),
    );
    await expect(createBooking(input, t)).rejects.toThrow(
      new BookingFailedError(t('error.server_error_message.503')),
    );
    expect(calls).toEqual([
      `/api/booking-keys/${oldKey}/outcome?examSlugs=ct-brain`,
      '/api/appointments',
      '/api/booking-keys',
      `/api/booking-keys/${oldKey}/rekey`,
    ]);
    expect(currentBookingKey()).toBe(newKey);
  });

  it('a 409 is a lost slot', async () => {
    setBookingKey(oldKey);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(409, 'SLOT_UNAVAILABLE')),
    );
    await expect(createBooking(input, t)).rejects.toBeInstanceOf(SlotLostError);
  });

  it('request-only exams become a booking request', async () => {
    setBookingKey(oldKey);
    const fetchMock = vi.fn(async (_url: string) =>
      jsonResponse([
        {
          success: true,
          errorMessage: null,
          bookingKey: oldKey,
          examName: 'CT',
          modalityName: 'CT',
          clinicName: 'North',
          patientEmailHash: 'a'.repeat(64),
        },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = await createBooking(
      {
        ...input,
        exams: [{ slug: 'ct-coronary', bookingRequestOnly: true } as never],
        chosen: { 'ct-coronary': bookingRequestChoice },
      },
      t,
    );
    expect(done.kind).toBe('BOOKING_REQUEST');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/booking-requests');
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/appointments');
  });

  it('a booking the questionnaire outcome routes becomes a request carrying its apiKey', async () => {
    setBookingKey(oldKey);
    const apiKey = 'k'.repeat(32);
    const bodies: Record<string, unknown> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith(`/api/booking-keys/${oldKey}/outcome`)) {
          return jsonResponse({
            denyBooking: false,
            createBookingRequest: { apiKey, confirmationMessage: 'We will call you.' },
          });
        }
        bodies[url] = JSON.parse(String(init?.body));
        return jsonResponse([
          {
            success: true,
            errorMessage: null,
            bookingKey: oldKey,
            examName: 'CT',
            modalityName: 'CT',
            clinicName: 'North',
            patientEmailHash: 'a'.repeat(64),
            confirmationMessage: null,
          },
        ]);
      }),
    );
    const done = await createBooking(input, t);
    expect(Object.keys(bodies)).toEqual(['/api/booking-requests']);
    expect(bodies['/api/booking-requests']).toMatchObject({
      apiKey,
      examSlugs: ['ct-brain'],
      preferredStart: '2031-05-05T09:00:00+10:00',
    });
    expect(done.kind).toBe('BOOKING_REQUEST');
    expect(done.preferred).toMatchObject({ kind: 'window', start: '2031-05-05T09:00:00+10:00' });
    expect(done.confirmationMessage).toBe('We will call you.');
  });
});

describe('withExamChanged (booking params)', () => {
  it('puts the new exam in the old one’s place and drops its chosen time', () => {
    const params = new URLSearchParams(
      'examSlugs=ct-abdomen-pelvis,chest-x-ray&slots=ct-abdomen-pelvis@2031-05-05T09:00:00Z&clinic=north&step=details',
    );
    const next = withExamChanged(params, {
      oldSlug: 'ct-abdomen-pelvis',
      newSlug: 'abdominal-ultrasound',
    });
    expect(next.get('examSlugs')).toBe('abdominal-ultrasound,chest-x-ray');
    expect(next.get('slots')).toBeNull();
    expect(next.get('step')).toBeNull();
    expect(next.get('clinic')).toBe('north');
  });
});

describe("a booking request's preferred time (completion)", () => {
  const tz = 'Australia/Sydney';
  const start = '2031-05-05T08:00:00+10:00';
  const end = '2031-05-05T12:00:00+10:00';

  it('is the chosen window, with the end remembered at the choice', () => {
    expect(preferredTimeOf({ start, end, timeZone: tz }, start, ['MORNING'], tz)).toEqual({
      kind: 'window',
      start,
      end,
      timeZone: tz,
    });
    // A choice remembered for another time gives no end.
    expect(preferredTimeOf({ start: end }, start, [], tz)).toEqual({
      kind: 'window',
      start,
      end: null,
      timeZone: tz,
    });
  });

  it('is the time-of-day filter without a window, else none', () => {
    expect(preferredTimeOf(undefined, undefined, ['MORNING', 'EVENING'], tz)).toEqual({
      kind: 'time_of_day',
      timeOfDay: ['MORNING', 'EVENING'],
      timeZone: tz,
    });
    expect(preferredTimeOf(undefined, undefined, [], tz)).toBeNull();
  });
});

describe('startOfDayInZone', () => {
  it('is midnight where the clinic is, across daylight-saving changes', () => {
    expect(startOfDayInZone('2026-03-17', 'Australia/Sydney')).toBe('2026-03-16T13:00:00.000Z');
    expect(startOfDayInZone('2026-06-17', 'Australia/Sydney')).toBe('2026-06-16T14:00:00.000Z');
    // Sydney moves its clocks on 5 April and 4 October 2026.
    expect(startOfDayInZone('2026-04-05', 'Australia/Sydney')).toBe('2026-04-04T13:00:00.000Z');
    expect(startOfDayInZone('2026-10-04', 'Australia/Sydney')).toBe('2026-10-03T14:00:00.000Z');
    expect(startOfDayInZone('2026-06-17', 'Australia/Perth')).toBe('2026-06-16T16:00:00.000Z');
    const start = new Date(startOfDayInZone('2026-10-04', 'Australia/Sydney'));
    expect(dayInZone(start, 'Australia/Sydney')).toBe('2026-10-04');
    expect(dayInZone(new Date(start.getTime() - 1), 'Australia/Sydney')).toBe('2026-10-03');
  });
});
