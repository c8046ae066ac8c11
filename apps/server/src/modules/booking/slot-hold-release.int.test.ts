import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listSlots, reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan'; // one resource at this clinic
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let slots: string[];

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  slots = (await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-03', '2026-03-04')).map(
    (slot) => slot.start,
  );
});
afterAll(() => testApp?.close());

const post = (url: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object });

async function hold(start: string, bookingKey: string) {
  const response = await post('/api/slot-holds', { clinicSlug, examSlug, start, bookingKey });
  return { status: response.statusCode, holdId: response.json().holdId as string };
}

const holdRows = () =>
  testApp.database.db
    .selectFrom('resource_bookings')
    .select('id')
    .where('kind', '=', 'HOLD')
    .execute();

describe('POST /api/slot-holds/{holdId}/release', () => {
  it('gives the slot back at once, for the key that held it', async () => {
    const start = slots[0]!;
    const mine = await reserveBookingKey(testApp.app);
    const other = await reserveBookingKey(testApp.app);
    const held = await hold(start, mine);
    expect(held.status).toBe(201);
    expect((await hold(start, other)).status).toBe(409);

    const released = await post(`/api/slot-holds/${held.holdId}/release`, { bookingKey: mine });
    expect(released.statusCode, released.body).toBe(204);
    expect(released.body).toBe('');
    expect(released.headers['cache-control']).toBe('no-store');
    // Free for anyone now, long before the hold would have expired.
    expect((await hold(start, other)).status).toBe(201);
    // Released once: a second release finds nothing.
    const again = await post(`/api/slot-holds/${held.holdId}/release`, { bookingKey: mine });
    expect(again.statusCode).toBe(404);
  });

  it("answers another key's hold exactly like an unknown one, and leaves it held", async () => {
    const start = slots[1]!;
    const owner = await reserveBookingKey(testApp.app);
    const stranger = await reserveBookingKey(testApp.app);
    const held = await hold(start, owner);
    expect(held.status).toBe(201);
    const before = (await holdRows()).length;

    const foreign = await post(`/api/slot-holds/${held.holdId}/release`, { bookingKey: stranger });
    const unknown = await post('/api/slot-holds/7f1d3c1e-2b4a-4c5d-8e6f-9a0b1c2d3e4f/release', {
      bookingKey: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    // Same code and words (only the request id differs).
    const { code, message } = unknown.json().error;
    expect(foreign.json().error).toMatchObject({ code, message });
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await holdRows()).length).toBe(before);
    expect((await hold(start, stranger)).status).toBe(409);
  });

  it('refuses malformed input with 400 and changes nothing', async () => {
    const key = await reserveBookingKey(testApp.app);
    const before = (await holdRows()).length;
    for (const [url, body] of [
      ['/api/slot-holds/not-a-uuid/release', { bookingKey: key }],
      ['/api/slot-holds/7f1d3c1e-2b4a-4c5d-8e6f-9a0b1c2d3e4f/release', { bookingKey: 'x' }],
      ['/api/slot-holds/7f1d3c1e-2b4a-4c5d-8e6f-9a0b1c2d3e4f/release', {}],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await holdRows()).length).toBe(before);
  });
});
