import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  countBookingRows,
  listSlots,
  patientDetails,
  reserveBookingKey,
} from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';

const clinicSlug = 'bondi-junction';
const examSlug = 'bone-density-scan'; // one resource at this clinic
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let slots: string[];

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  slots = (await listSlots(testApp.app, clinicSlug, examSlug, '2026-03-03', '2026-03-06')).map(
    (slot) => slot.start,
  );
  expect(slots.length).toBeGreaterThan(20);
});
afterAll(() => testApp?.close());

const post = (url: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object });

const appointment = (bookingKey: string, start: string, extra: Record<string, unknown> = {}) => ({
  bookingKey,
  items: [{ examSlug, clinicSlug, start, ...extra }],
  patientDetails: patientDetails(),
});

describe('POST /api/booking-keys', () => {
  it('reserves a 192-bit base64url key for two hours', async () => {
    const response = await post('/api/booking-keys', undefined);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.bookingKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.expiresAt).toBe('2026-03-02T02:00:00.000Z');
    const row = await testApp.database.db
      .selectFrom('booking_keys')
      .selectAll()
      .where('key', '=', body.bookingKey)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('RESERVED');
  });
});

describe('holds and appointments', () => {
  it('holds a slot, refuses it to others, then books it from the hold', async () => {
    const start = slots[0]!;
    const key = await reserveBookingKey(testApp.app);
    const hold = await post('/api/slot-holds', { clinicSlug, examSlug, start, bookingKey: key });
    expect(hold.statusCode).toBe(201);
    const { holdId, expiresAt } = hold.json();
    expect(expiresAt).toBe('2026-03-02T00:10:00.000Z');
    expect(hold.json().start).toBe(start);

    const other = await reserveBookingKey(testApp.app);
    const second = await post('/api/slot-holds', {
      clinicSlug,
      examSlug,
      start,
      bookingKey: other,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('SLOT_UNAVAILABLE');
    const before = await countBookingRows(testApp.database.db);
    const stolen = await post('/api/appointments', appointment(other, start));
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error.code).toBe('SLOT_UNAVAILABLE');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    const booked = await post('/api/appointments', appointment(key, start, { holdId }));
    expect(booked.statusCode).toBe(201);
    const body = booked.json();
    expect(body).toMatchObject({ bookingKey: key, status: 'BOOKED' });
    expect(body.items[0]).toMatchObject({
      success: true,
      clinicName: expect.any(String),
      date: start,
      timeZone: 'Australia/Sydney',
      patientEmailHash: createHash('sha256').update('alex.example@example.org').digest('hex'),
    });
    const db = testApp.database.db;
    // The confirmation's check-in QR code names the appointment (docs/product/check-in.md#the-web).
    const stored = await db
      .selectFrom('appointments')
      .select('id')
      .where('booking_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(body.items[0].appointmentId).toBe(stored.id);
    const booking = await db
      .selectFrom('resource_bookings')
      .selectAll()
      .where('id', '=', holdId)
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ kind: 'APPOINTMENT', expires_at: null });
    const row = await db
      .selectFrom('appointments')
      .selectAll()
      .where('id', '=', booking.appointment_id!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('BOOKED');
    expect(row.starts_at.toISOString()).toBe(new Date(start).toISOString());
    const messages = await db.selectFrom('outbox_messages').selectAll().execute();
    expect(messages.map((message) => message.channel).sort()).toEqual(['EMAIL', 'SMS']);
    for (const message of messages) {
      expect(message.body_text).toContain(`http://localhost:3000/appointments/${key}`);
      expect(message.status).toBe('PENDING');
    }
    expect(messages.find((m) => m.channel === 'SMS')!.recipient).toBe('0400000000');
    const audit = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('subject_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('appointment.created');
    expect(JSON.stringify(audit.details)).not.toMatch(/Alex|Example|1980|0400|@/);

    const again = await post('/api/appointments', appointment(key, slots[1]!));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BOOKING_KEY_USED');
  });

  it('ignores an expired hold: another patient books the slot', async () => {
    const start = slots[2]!;
    const first = await reserveBookingKey(testApp.app);
    const hold = await post('/api/slot-holds', { clinicSlug, examSlug, start, bookingKey: first });
    expect(hold.statusCode).toBe(201);
    clock.set('2026-03-02T00:11:00Z');
    try {
      const second = await reserveBookingKey(testApp.app);
      const booked = await post('/api/appointments', appointment(second, start));
      expect(booked.statusCode).toBe(201);
      const gone = await testApp.database.db
        .selectFrom('resource_bookings')
        .select('id')
        .where('id', '=', hold.json().holdId)
        .executeTakeFirst();
      expect(gone).toBeUndefined();
      // The first patient's hold expired: booking with it falls back and finds the slot taken.
      const late = await post(
        '/api/appointments',
        appointment(first, start, { holdId: hold.json().holdId }),
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('SLOT_UNAVAILABLE');
    } finally {
      clock.set('2026-03-02T00:00:00Z');
    }
  });

  it('creates a pending appointment and queues its notice once', async () => {
    const key = await reserveBookingKey(testApp.app);
    const before = await countBookingRows(testApp.database.db);
    const response = await post('/api/appointments', {
      ...appointment(key, slots[3]!),
      pending: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('PENDING');
    const after = await countBookingRows(testApp.database.db);
    expect(after.outbox_messages).toBe(before.outbox_messages);
    const url = `/api/appointments/pending/${key}/notifications`;
    expect((await post(url, undefined)).json()).toEqual({ queued: 2 });
    expect((await post(url, undefined)).json()).toEqual({ queued: 0 });
    const unknown = await post(
      `/api/appointments/pending/${'x'.repeat(32)}/notifications`,
      undefined,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('bad input leaves no rows', () => {
  const cases: Array<[string, () => Promise<Record<string, unknown>>, number, string]> = [
    [
      'unknown exam',
      async () => ({
        ...appointment(await reserveBookingKey(testApp.app), slots[5]!),
        items: [{ examSlug: 'no-such-exam', clinicSlug, start: slots[5]! }],
      }),
      422,
      'UNKNOWN_EXAM',
    ],
    [
      'unknown clinic',
      async () => ({
        ...appointment(await reserveBookingKey(testApp.app), slots[5]!),
        items: [{ examSlug, clinicSlug: 'atlantis', start: slots[5]! }],
      }),
      422,
      'UNKNOWN_CLINIC',
    ],
    [
      'exam not at clinic',
      async () => ({
        ...appointment(await reserveBookingKey(testApp.app), slots[5]!),
        items: [{ examSlug: 'ct-guided-biopsy', clinicSlug, start: slots[5]! }],
      }),
      422,
      'EXAM_NOT_AT_CLINIC',
    ],
    [
      'past slot',
      async () => appointment(await reserveBookingKey(testApp.app), '2026-03-01T00:00:00+11:00'),
      422,
      'SLOT_IN_PAST',
    ],
    [
      'time the clinic does not offer',
      async () =>
        appointment(
          await reserveBookingKey(testApp.app),
          new Date(Date.parse(slots[5]!) + 7 * 60_000).toISOString(),
        ),
      422,
      'SLOT_NOT_OFFERED',
    ],
    [
      'unknown booking key',
      async () => appointment('u'.repeat(32), slots[5]!),
      422,
      'BOOKING_KEY_UNKNOWN',
    ],
    [
      'malformed patient details',
      async () => ({
        ...appointment(await reserveBookingKey(testApp.app), slots[5]!),
        patientDetails: { ...patientDetails(), email: 'nope', dateOfBirth: '17/05/1980' },
      }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'second item taken: the first is rolled back',
      async () => ({
        ...appointment(await reserveBookingKey(testApp.app), slots[5]!),
        items: [
          { examSlug, clinicSlug, start: slots[5]! },
          { examSlug, clinicSlug, start: slots[0]! },
        ],
      }),
      409,
      'SLOT_UNAVAILABLE',
    ],
  ];
  it.each(cases)('%s', async (_name, body, status, code) => {
    const payload = await body();
    const before = await countBookingRows(testApp.database.db);
    const response = await post('/api/appointments', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
  });

  it('an enquiry-only exam needs a booking request', async () => {
    const exam = await testApp.database.db
      .selectFrom('clinic_exams')
      .innerJoin('exams', 'exams.id', 'clinic_exams.exam_id')
      .innerJoin('clinics', 'clinics.id', 'clinic_exams.clinic_id')
      .where('exams.booking_request_only', '=', true)
      .select(['exams.slug as examSlug', 'clinics.slug as clinicSlug'])
      .executeTakeFirstOrThrow();
    const key = await reserveBookingKey(testApp.app);
    const before = await countBookingRows(testApp.database.db);
    const response = await post('/api/appointments', {
      ...appointment(key, slots[6]!),
      items: [{ ...exam, start: slots[6]! }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('ENQUIRY_ONLY_EXAM');
    const hold = await post('/api/slot-holds', { ...exam, start: slots[6]!, bookingKey: key });
    expect(hold.json().error.code).toBe('ENQUIRY_ONLY_EXAM');
    expect(await countBookingRows(testApp.database.db)).toEqual(before);

    const created = await post('/api/booking-requests', {
      bookingKey: key,
      examSlugs: [exam.examSlug],
      clinicSlug: exam.clinicSlug,
      preferredStart: '2026-03-04T09:00:00+11:00',
      patientDetails: patientDetails(),
      patientNotes: 'Mornings suit me.',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual([
      expect.objectContaining({ bookingKey: key, success: true, errorMessage: null }),
    ]);
    const after = await countBookingRows(testApp.database.db);
    expect(after.booking_requests).toBe(before.booking_requests! + 1);
    expect(after.booking_request_exams).toBe(before.booking_request_exams! + 1);
    expect(after.outbox_messages).toBe(before.outbox_messages! + 2);
    const email = await testApp.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('template', '=', 'BOOKING_REQUEST_CONFIRMATION')
      .where('channel', '=', 'EMAIL')
      .executeTakeFirstOrThrow();
    expect(email.body_text).toContain(`/booking-requests/${key}`);
    const reused = await post('/api/booking-requests', {
      bookingKey: key,
      examSlugs: [exam.examSlug],
      patientDetails: patientDetails(),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('BOOKING_KEY_USED');
  });

  it('holds: a time the clinic does not offer, a past time, an unknown key', async () => {
    const key = await reserveBookingKey(testApp.app);
    const before = await countBookingRows(testApp.database.db);
    const notOffered = new Date(Date.parse(slots[7]!) + 7 * 60_000).toISOString();
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ start: notOffered, bookingKey: key }, 422, 'SLOT_NOT_OFFERED'],
      [{ start: '2026-03-01T10:00:00+11:00', bookingKey: key }, 422, 'SLOT_IN_PAST'],
      [{ start: slots[7]!, bookingKey: 'z'.repeat(32) }, 422, 'BOOKING_KEY_UNKNOWN'],
      [{ start: 'tomorrow', bookingKey: key }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const response = await post('/api/slot-holds', { clinicSlug, examSlug, ...body });
      expect(response.statusCode, code).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    expect(await countBookingRows(testApp.database.db)).toEqual(before);
  });
});
