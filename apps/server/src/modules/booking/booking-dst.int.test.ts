import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listSlots, patientDetails, reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

// Sydney leaves daylight saving on Sunday 5 April 2026 (03:00 AEDT becomes 02:00 AEST);
// Good Friday (3 April) and Easter Monday (6 April) are closures, so the days around them.
const clock = fixedClock('2026-04-01T00:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
});
afterAll(() => testApp?.close());

const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan';

it.each([
  ['2026-04-02', '+11:00'],
  ['2026-04-07', '+10:00'],
])(
  'books on %s with the clinic offset %s; stored instant and local time agree',
  async (day, offset) => {
    const [slot] = await listSlots(testApp.app, clinicSlug, examSlug, day, day);
    expect(slot!.start.endsWith(offset)).toBe(true);
    const key = await reserveBookingKey(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        bookingKey: key,
        items: [{ clinicSlug, examSlug, start: slot!.start }],
        patientDetails: patientDetails(),
      },
    });
    expect(response.statusCode).toBe(201);
    const item = response.json().items[0];
    expect(item.date).toBe(slot!.start);
    expect(item.timeZone).toBe('Australia/Sydney');
    const row = await testApp.database.db
      .selectFrom('appointments')
      .select('starts_at')
      .where('booking_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.starts_at.getTime()).toBe(Date.parse(slot!.start));
    // The message shows the clinic-local wall time of the same instant.
    const [hours, minutes] = slot!.start.slice(11, 16).split(':').map(Number);
    const wall = `${hours! % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours! < 12 ? 'am' : 'pm'}`;
    const email = await testApp.database.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('channel', '=', 'EMAIL')
      .where('body_text', 'like', `%${key}%`)
      .executeTakeFirstOrThrow();
    expect(email.body_text).toContain(wall);
  },
);
