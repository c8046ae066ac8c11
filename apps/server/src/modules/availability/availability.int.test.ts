import { clinicSlotsResponseSchema, type Slot } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  insertAppointment,
  insertHold,
  resourceIdsOf,
} from '../../../test/factories/resource-bookings.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createAvailabilityService } from './index.ts';

// Monday 2 March 2026, 11:00 in Sydney (summer time, UTC+11).
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
});
afterAll(() => testApp?.close());

async function slots(clinic: string, query: Record<string, string>): Promise<Slot[]> {
  const url = `/api/clinics/${clinic}/slots?${new URLSearchParams(query)}`;
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return clinicSlotsResponseSchema.parse(response.json()).slots;
}

async function failure(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return { status: response.statusCode, code: response.json().error?.code as string };
}

const startsOn = (list: Slot[], day: string) =>
  list.filter((slot) => slot.start.startsWith(day)).map((slot) => slot.start.slice(11));

describe('GET /api/clinics/{clinicSlug}/slots', () => {
  it('cuts the schedule into exam-length slots in clinic-local time', async () => {
    const list = await slots('parramatta', {
      examSlug: 'mri-knee',
      from: '2026-03-09',
      to: '2026-03-15',
    });
    expect(startsOn(list, '2026-03-09').slice(0, 3)).toEqual([
      '08:00:00+11:00',
      '08:30:00+11:00',
      '09:00:00+11:00',
    ]);
    expect(startsOn(list, '2026-03-09').at(-1)).toBe('16:30:00+11:00');
    expect(list[0]).toMatchObject({
      clinicSlug: 'parramatta',
      clinicName: 'Parramatta',
      examSlug: 'mri-knee',
      timeZone: 'Australia/Sydney',
      enquiry: false,
      end: '2026-03-09T08:30:00+11:00',
    });
    // MRI runs on weekdays only.
    expect(startsOn(list, '2026-03-14')).toEqual([]);
  });

  it('uses the clinic duration where it differs from the exam', async () => {
    await testApp.database.db
      .updateTable('clinic_exams')
      .set({ duration_minutes: 45 })
      .where('exam_id', '=', (eb) =>
        eb.selectFrom('exams').select('id').where('slug', '=', 'mri-knee'),
      )
      .execute();
    try {
      const list = await slots('parramatta', {
        examSlug: 'mri-knee',
        from: '2026-03-09',
        to: '2026-03-09',
      });
      expect(startsOn(list, '2026-03-09').slice(0, 2)).toEqual([
        '08:00:00+11:00',
        '08:45:00+11:00',
      ]);
    } finally {
      await testApp.database.db
        .updateTable('clinic_exams')
        .set({ duration_minutes: null })
        .execute();
    }
  });

  it('leaves out closures: a resource maintenance morning and a public holiday', async () => {
    const list = await slots('parramatta', {
      examSlug: 'mri-knee',
      from: '2026-03-10',
      to: '2026-03-10',
    });
    expect(startsOn(list, '2026-03-10')[0]).toBe('13:00:00+11:00');
    const easter = await slots('parramatta', {
      examSlug: 'chest-x-ray',
      from: '2026-04-03',
      to: '2026-04-03',
    });
    expect(easter).toEqual([]);
  });

  it('leaves out starts before now plus the minimum notice (60 minutes)', async () => {
    const today = await slots('parramatta', {
      examSlug: 'chest-x-ray',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(startsOn(today, '2026-03-01')).toEqual([]);
    expect(startsOn(today, '2026-03-02')[0]).toBe('12:00:00+11:00');
  });

  it('subtracts appointments and live holds, not expired holds; one free room keeps the slot', async () => {
    const db = testApp.database.db;
    const [mri] = await resourceIdsOf(db, 'parramatta', 'MR');
    await insertAppointment(db, {
      resourceId: mri!,
      examSlug: 'mri-knee',
      start: '2026-03-11T08:00:00+11:00',
      end: '2026-03-11T09:00:00+11:00',
    });
    await insertHold(db, {
      resourceId: mri!,
      start: '2026-03-11T10:00:00+11:00',
      end: '2026-03-11T10:30:00+11:00',
      expiresAt: '2026-03-02T00:10:00Z',
    });
    await insertHold(db, {
      resourceId: mri!,
      start: '2026-03-11T11:00:00+11:00',
      end: '2026-03-11T11:30:00+11:00',
      expiresAt: '2026-03-01T23:50:00Z',
    });
    const list = startsOn(
      await slots('parramatta', { examSlug: 'mri-knee', from: '2026-03-11', to: '2026-03-11' }),
      '2026-03-11',
    );
    expect(list.slice(0, 5)).toEqual([
      '09:00:00+11:00',
      '09:30:00+11:00',
      '10:30:00+11:00',
      '11:00:00+11:00',
      '11:30:00+11:00',
    ]);

    const xray = await resourceIdsOf(db, 'parramatta', 'XR');
    expect(xray).toHaveLength(2);
    const at = { start: '2026-03-12T07:30:00+11:00', end: '2026-03-12T07:45:00+11:00' };
    await insertHold(db, { resourceId: xray[0]!, ...at, expiresAt: '2026-03-03T00:00:00Z' });
    const one = await slots('parramatta', {
      examSlug: 'chest-x-ray',
      from: '2026-03-12',
      to: '2026-03-12',
    });
    expect(startsOn(one, '2026-03-12')[0]).toBe('07:30:00+11:00');
    await insertAppointment(db, { resourceId: xray[1]!, examSlug: 'chest-x-ray', ...at });
    const none = await slots('parramatta', {
      examSlug: 'chest-x-ray',
      from: '2026-03-12',
      to: '2026-03-12',
    });
    expect(startsOn(none, '2026-03-12')[0]).toBe('07:45:00+11:00');
  });

  it('filters by time of day and minimum date', async () => {
    const query = { examSlug: 'chest-x-ray', from: '2026-03-16', to: '2026-03-17' };
    const afternoon = await slots('parramatta', { ...query, timeOfDay: 'AFTERNOON' });
    expect(
      afternoon.every(
        (slot) => slot.start.slice(11, 13) >= '12' && slot.start.slice(11, 13) < '17',
      ),
    ).toBe(true);
    const both = await slots('parramatta', { ...query, timeOfDay: 'morning,EVENING' });
    expect(
      both.every((slot) => slot.start.slice(11, 13) < '12' || slot.start.slice(11, 13) >= '17'),
    ).toBe(true);
    expect(both.some((slot) => slot.start.slice(11, 13) === '17')).toBe(true);
    expect((await slots('parramatta', { ...query, timeOfDay: '' })).length).toBe(
      afternoon.length + both.length,
    );
    const later = await slots('parramatta', { ...query, minDate: '2026-03-17' });
    expect(later.every((slot) => slot.start.startsWith('2026-03-17'))).toBe(true);
  });

  it('offers enquiry slots (morning and afternoon) for a booking-request-only exam', async () => {
    const list = await slots('parramatta', {
      examSlug: 'mri-prostate',
      from: '2026-03-16',
      to: '2026-03-16',
    });
    expect(list.map((slot) => [slot.start.slice(11), slot.end.slice(11), slot.enquiry])).toEqual([
      ['08:00:00+11:00', '12:00:00+11:00', true],
      ['12:30:00+11:00', '17:00:00+11:00', true],
    ]);
  });

  it('answers bad input with 4xx and a clear code', async () => {
    const base = '/api/clinics/parramatta/slots?examSlug=mri-knee';
    const cases: Array<[string, number, string]> = [
      [`${base}&from=2026-03-09&to=2026-05-10`, 400, 'VALIDATION_FAILED'],
      [`${base}&from=2026-03-10&to=2026-03-09`, 400, 'VALIDATION_FAILED'],
      [`${base}&from=2026-03-09&to=2026-03-10&timeOfDay=NIGHT`, 400, 'VALIDATION_FAILED'],
      [`${base}&from=2026-02-30&to=2026-03-10`, 400, 'VALIDATION_FAILED'],
      [`${base}&from=yesterday&to=2026-03-10`, 400, 'VALIDATION_FAILED'],
      ['/api/clinics/parramatta/slots?from=2026-03-09&to=2026-03-10', 400, 'VALIDATION_FAILED'],
      [
        '/api/clinics/parramatta/slots?examSlug=no-exam&from=2026-03-09&to=2026-03-10',
        404,
        'UNKNOWN_EXAM',
      ],
      [
        '/api/clinics/atlantis/slots?examSlug=mri-knee&from=2026-03-09&to=2026-03-10',
        404,
        'UNKNOWN_CLINIC',
      ],
      [
        '/api/clinics/hurstville/slots?examSlug=mri-knee&from=2026-03-09&to=2026-03-10',
        404,
        'UNKNOWN_CLINIC',
      ],
      [
        '/api/clinics/fremantle/slots?examSlug=mri-knee&from=2026-03-09&to=2026-03-10',
        404,
        'EXAM_NOT_AT_CLINIC',
      ],
    ];
    for (const [url, status, code] of cases)
      expect(await failure(url), url).toEqual({ status, code });
    // 62 days is the most one request lists.
    expect((await failure(`${base}&from=2026-03-09&to=2026-05-09`)).status).toBe(200);
  });
});

describe('across daylight-saving changes (Australia/Sydney)', () => {
  afterAll(() => clock.set('2026-03-02T00:00:00Z'));

  it('keeps the wall-clock opening time on both sides of the first Sunday of April', async () => {
    clock.set('2026-03-25T00:00:00Z');
    const list = await slots('parramatta', {
      examSlug: 'chest-x-ray',
      from: '2026-04-04',
      to: '2026-04-07',
    });
    expect(startsOn(list, '2026-04-04')[0]).toBe('08:00:00+11:00');
    expect(startsOn(list, '2026-04-05')).toEqual([]);
    // Weekday X-ray opens at 07:30, Saturday at 08:00: the same wall-clock times in winter.
    expect(startsOn(list, '2026-04-07')[0]).toBe('07:30:00+10:00');
    const service = createAvailabilityService({ db: testApp.database.db, clock });
    const offered = await service.offeredSlot({
      clinicSlug: 'parramatta',
      examSlug: 'chest-x-ray',
      start: new Date(list.find((slot) => slot.start.startsWith('2026-04-07'))!.start),
    });
    expect(offered!.start.toISOString()).toBe('2026-04-06T21:30:00.000Z');
  });

  it('keeps the wall-clock opening time on both sides of the first Sunday of October', async () => {
    clock.set('2026-09-20T00:00:00Z');
    const list = await slots('parramatta', {
      examSlug: 'chest-x-ray',
      from: '2026-10-03',
      to: '2026-10-05',
    });
    expect(startsOn(list, '2026-10-03')[0]).toBe('08:00:00+10:00');
    expect(startsOn(list, '2026-10-05')[0]).toBe('07:30:00+11:00');
    expect(
      new Date(list.find((slot) => slot.start.startsWith('2026-10-05'))!.start).toISOString(),
    ).toBe('2026-10-04T20:30:00.000Z');
  });
});

describe('offeredSlot (for booking)', () => {
  it('names every resource offering a start, ignoring bookings; null otherwise', async () => {
    const service = createAvailabilityService({ db: testApp.database.db, clock });
    const start = new Date('2026-03-12T07:30:00+11:00'); // both X-ray rooms are booked then
    const offered = await service.offeredSlot({
      clinicSlug: 'parramatta',
      examSlug: 'chest-x-ray',
      start,
    });
    expect(offered).toMatchObject({
      clinic: { slug: 'parramatta', name: 'Parramatta', timeZone: 'Australia/Sydney' },
      exam: {
        slug: 'chest-x-ray',
        modalityName: 'X-ray',
        modalitySlug: 'x-ray',
        bookingRequestOnly: false,
      },
      enquiry: false,
    });
    expect(offered!.resourceIds).toEqual(
      await resourceIdsOf(testApp.database.db, 'parramatta', 'XR'),
    );
    expect(offered!.end.toISOString()).toBe('2026-03-11T20:45:00.000Z');
    const notOffered = [
      new Date('2026-03-12T07:35:00+11:00'), // between slots
      new Date('2026-03-14T14:00:00+11:00'), // Saturday afternoon: closed
      new Date('2026-04-03T09:00:00+11:00'), // Good Friday
      new Date('2026-03-02T11:30:00+11:00'), // inside the minimum notice
      new Date('2026-03-01T09:00:00+11:00'), // past
      new Date('2027-03-01T09:00:00+11:00'), // beyond the horizon
    ];
    for (const when of notOffered) {
      expect(
        await service.offeredSlot({
          clinicSlug: 'parramatta',
          examSlug: 'chest-x-ray',
          start: when,
        }),
      ).toBeNull();
    }
    await expect(
      service.offeredSlot({ clinicSlug: 'fremantle', examSlug: 'mri-knee', start }),
    ).rejects.toMatchObject({ code: 'EXAM_NOT_AT_CLINIC' });
  });
});

describe('cachedOfferedSlot (the hint booking takes turns by)', () => {
  it('answers a repeated question from memory but still by the clock of each call', async () => {
    const movingClock = fixedClock('2026-03-12T05:00:00+11:00');
    const service = createAvailabilityService({ db: testApp.database.db, clock: movingClock });
    const ask = () =>
      service.cachedOfferedSlot({
        clinicSlug: 'parramatta',
        examSlug: 'chest-x-ray',
        start: new Date('2026-03-12T07:30:00+11:00'),
      });
    const first = await ask();
    expect(first).toMatchObject({ exam: { slug: 'chest-x-ray', modalitySlug: 'x-ray' } });
    expect(await ask()).toBe(first);
    // Two hours later the start is inside the minimum notice: no longer offered.
    movingClock.set('2026-03-12T07:00:00+11:00');
    expect(await ask()).toBeNull();
    movingClock.set('2026-03-12T05:00:00+11:00');
    expect(await ask()).toBe(first);
    // A start the schedules do not offer stays unoffered.
    expect(
      await service.cachedOfferedSlot({
        clinicSlug: 'parramatta',
        examSlug: 'chest-x-ray',
        start: new Date('2026-03-12T07:35:00+11:00'),
      }),
    ).toBeNull();
  });
});
