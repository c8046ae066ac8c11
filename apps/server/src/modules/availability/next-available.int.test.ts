import { nextAvailableSlotResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertHold, resourceIdsOf } from '../../../test/factories/resource-bookings.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Monday 2 March 2026, 11:00 in Sydney, 08:00 in Perth.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
});
afterAll(() => testApp?.close());

async function next(payload: unknown) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/slots/next-available',
    payload: payload as Record<string, unknown>,
  });
  return response;
}

async function slots(payload: unknown) {
  const response = await next(payload);
  expect(response.statusCode, response.body).toBe(200);
  return nextAvailableSlotResponseSchema.parse(response.json()).slots;
}

const fremantle = { latitude: -32.0569, longitude: 115.7439 };

describe('POST /api/slots/next-available', () => {
  it('gives each clinic its earliest slot, nearest clinic first', async () => {
    const list = await slots({ examSlug: 'chest-x-ray', location: fremantle });
    expect(list.length).toBe(12);
    expect(list.slice(0, 3).map((slot) => slot.clinicSlug)).toEqual([
      'fremantle',
      'murdoch',
      'joondalup',
    ]);
    expect(new Set(list.map((slot) => slot.clinicSlug)).size).toBe(list.length);
    // Perth is UTC+8 all year; 2 March is WA Labour Day, so its clinics' first slot is Tuesday.
    expect(list[0]).toMatchObject({
      start: '2026-03-03T07:30:00+08:00',
      timeZone: 'Australia/Perth',
    });
    // Sydney's first slot is today after the notice.
    expect(list.find((slot) => slot.clinicSlug === 'parramatta')!.start).toBe(
      '2026-03-02T12:00:00+11:00',
    );
  });

  it('orders by time without a location and keeps to the given clinics', async () => {
    const all = await slots({ examSlug: 'chest-x-ray' });
    const starts = all.map((slot) => Date.parse(slot.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const ids = await testApp.database.db
      .selectFrom('clinics')
      .where('slug', 'in', ['chatswood', 'footscray'])
      .select('id')
      .execute();
    const some = await slots({ examSlug: 'chest-x-ray', clinicIds: ids.map((row) => row.id) });
    expect(some.map((slot) => slot.clinicSlug).sort()).toEqual(['chatswood', 'footscray']);
    expect(await slots({ examSlug: 'chest-x-ray', clinicIds: [] })).toEqual([]);
  });

  it('skips booked time and searches past a fully booked day', async () => {
    const db = testApp.database.db;
    const [mri] = await resourceIdsOf(db, 'chatswood', 'MR');
    // Hold the whole of today and tomorrow (Sydney) on Chatswood's only MRI scanner.
    await insertHold(db, {
      resourceId: mri!,
      start: '2026-03-02T00:00:00+11:00',
      end: '2026-03-04T09:30:00+11:00',
      expiresAt: '2026-03-02T01:00:00Z',
    });
    const [chatswood] = await slots({
      examSlug: 'mri-knee',
      clinicIds: [await clinicId('chatswood')],
    });
    expect(chatswood!.start).toBe('2026-03-04T09:30:00+11:00');
  });

  it('honours start, end and a custom duration', async () => {
    const id = await clinicId('parramatta');
    const [later] = await slots({
      examSlug: 'chest-x-ray',
      clinicIds: [id],
      start: '2026-03-20T00:00:00+11:00',
    });
    expect(later!.start).toBe('2026-03-20T07:30:00+11:00');
    const [long] = await slots({
      examSlug: 'chest-x-ray',
      clinicIds: [id],
      start: '2026-03-20T00:00:00+11:00',
      customDuration: 60,
    });
    expect(long!.end).toBe('2026-03-20T08:30:00+11:00');
    expect(
      await slots({ examSlug: 'chest-x-ray', clinicIds: [id], end: '2026-03-02T11:30:00+11:00' }),
    ).toEqual([]);
  });

  it('offers enquiry slots for a booking-request-only exam', async () => {
    const list = await slots({ examSlug: 'mri-prostate' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((slot) => slot.enquiry)).toBe(true);
  });

  it('answers bad input with 4xx', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ examSlug: 'no-such-exam' }, 404, 'UNKNOWN_EXAM'],
      [{}, 400, 'VALIDATION_FAILED'],
      [
        { examSlug: 'chest-x-ray', location: { latitude: 200, longitude: 0 } },
        400,
        'VALIDATION_FAILED',
      ],
      [{ examSlug: 'chest-x-ray', start: 'tomorrow' }, 400, 'VALIDATION_FAILED'],
      [{ examSlug: 'chest-x-ray', customDuration: 1 }, 400, 'VALIDATION_FAILED'],
      [{ examSlug: 'chest-x-ray', clinicIds: ['x'] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await next(payload);
      expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({
        status,
        code,
      });
    }
  });
});

async function clinicId(slug: string): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('clinics')
    .where('slug', '=', slug)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
