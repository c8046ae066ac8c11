import type { Exam } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createReminderScheduler } from './index.ts';

// Reminders at 72 and 24 hours, their confirm and cancel links, and what a cancel withdraws
// (docs/product/patient-portal.md#reminders), with the clock moved by hand.
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let plain: { exam: Exam; clinicSlug: string };
let starts: string[];
let next = 0;
let scheduler: ReturnType<typeof createReminderScheduler>;

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    provider: providerWithPortal({ cancelPriorMinutes: 60, priorMinutesByModality: {} }),
  });
  plain = await examAndClinic(testApp.app, (exam) => !exam.bookingRequestOnly && !exam.walkIn);
  starts = await freeStarts(
    testApp.app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-09',
    '2026-03-20',
  );
  scheduler = createReminderScheduler({
    db: testApp.database.db,
    clock,
    leadHours: [72, 24],
    publicUrl: testApp.env.publicUrl,
    providerName: 'Test Radiology',
    defaultLocale: 'en-AU',
    sessionSecret: testApp.env.sessionSecret,
  });
});
afterAll(() => testApp?.close());

const at = (iso: string | Date) => clock.set(new Date(iso));
const hoursBefore = (start: string, hours: number) =>
  new Date(new Date(start).getTime() - hours * 3_600_000 + 60_000);

async function booked() {
  at('2026-03-02T00:00:00Z');
  const start = starts[next++]!;
  const session = await bookAndSignIn(testApp.app, {
    examSlug: plain.exam.slug,
    clinicSlug: plain.clinicSlug,
    start,
  });
  // created_at is the database's own clock; the rule "booked before the reminder fell due"
  // reads it, so it follows the test's clock here.
  await sql`UPDATE appointments SET created_at = ${clock.now().toISOString()}::timestamptz
    WHERE id = ${session.appointmentId}`.execute(testApp.database.db);
  return { ...session, start };
}

const remindersOf = (appointmentId: string) =>
  testApp.database.db
    .selectFrom('appointment_reminders')
    .select(['lead_hours', 'outbox_message_ids'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('lead_hours', 'desc')
    .execute();

async function linksIn(messageIds: string[]) {
  const email = await testApp.database.db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('id', 'in', messageIds)
    .where('channel', '=', 'EMAIL')
    .executeTakeFirstOrThrow();
  const tokens = [...email.body_text.matchAll(/\/appointment-links\/([\w-]+\.[\w-]+\.[\w-]+)/g)];
  return { confirm: tokens[0]![1]!, cancel: tokens[1]![1]! };
}

const link = (method: 'GET' | 'POST', token: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/appointment-links/${method === 'GET' ? 'lookup' : 'use'}`,
    payload: { token },
  });

describe('reminders', () => {
  it('queues the 72-hour and then the 24-hour reminder once each, e-mail and SMS', async () => {
    const { appointmentId, start } = await booked();
    at(hoursBefore(start, 72));
    expect(await scheduler.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await scheduler.runOnce()).toBe(0);
    let reminders = await remindersOf(appointmentId);
    expect(reminders.map((row) => row.lead_hours)).toEqual([72]);
    expect(reminders[0]!.outbox_message_ids).toHaveLength(2);

    at(hoursBefore(start, 24));
    await scheduler.runOnce();
    reminders = await remindersOf(appointmentId);
    expect(reminders.map((row) => row.lead_hours)).toEqual([72, 24]);
  });

  it('sends only the shortest lead that has fallen due, and none for a cancelled appointment', async () => {
    const late = await booked();
    const cancelled = await booked();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/secured/appointments/${cancelled.bookingKey}/items/${cancelled.appointmentId}/cancel`,
      headers: { cookie: cancelled.cookie },
      payload: {},
    });
    expect(response.json().outcome).toBe('CANCELED');
    at(hoursBefore(late.start, 24));
    await scheduler.runOnce();
    expect((await remindersOf(late.appointmentId)).map((row) => row.lead_hours)).toEqual([24]);
    expect(await remindersOf(cancelled.appointmentId)).toEqual([]);
  });

  it('withdraws a queued, unsent reminder and its links when the appointment is cancelled', async () => {
    const { appointmentId, start, bookingKey } = await booked();
    at(hoursBefore(start, 72));
    await scheduler.runOnce();
    const [reminder] = await remindersOf(appointmentId);
    const tokens = await linksIn(reminder!.outbox_message_ids);
    await testApp.database.db
      .updateTable('appointments')
      .set({ status: 'CANCELED' })
      .where('id', '=', appointmentId)
      .execute();
    const left = await testApp.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('id', 'in', reminder!.outbox_message_ids)
      .execute();
    expect(left).toEqual([]);
    expect((await link('POST', tokens.confirm)).statusCode).toBe(410);
    expect(bookingKey).toBeTruthy();
  });
});

describe('links in reminders', () => {
  it('confirms once, then the link is used', async () => {
    const { appointmentId, start } = await booked();
    at(hoursBefore(start, 72));
    await scheduler.runOnce();
    const tokens = await linksIn((await remindersOf(appointmentId))[0]!.outbox_message_ids);
    const described = await link('GET', tokens.confirm);
    expect(described.json()).toMatchObject({ action: 'CONFIRM', state: 'USABLE' });
    const looks = await testApp.database.db
      .selectFrom('audit_events')
      .select('actor')
      .where('action', '=', 'appointment-link.read')
      .where('subject_id', '=', appointmentId)
      .execute();
    expect(looks).toEqual([{ actor: 'link' }]);
    expect((await link('POST', tokens.confirm)).json()).toEqual({
      outcome: 'CONFIRMED',
      bookingKey: null,
    });
    const row = await testApp.database.db
      .selectFrom('appointments')
      .select(['confirmed_at', 'status'])
      .where('id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('BOOKED');
    expect(row.confirmed_at).not.toBeNull();
    expect((await link('POST', tokens.confirm)).statusCode).toBe(410);
    expect((await link('GET', tokens.confirm)).json().state).toBe('USED');
  });

  it('cancels once (the slot is free again); the link then no longer works', async () => {
    const { appointmentId, start } = await booked();
    at(hoursBefore(start, 72));
    await scheduler.runOnce();
    const tokens = await linksIn((await remindersOf(appointmentId))[0]!.outbox_message_ids);
    expect((await link('POST', tokens.cancel)).json()).toEqual({
      outcome: 'CANCELED',
      bookingKey: null,
    });
    const bookings = await testApp.database.db
      .selectFrom('resource_bookings')
      .select('id')
      .where('appointment_id', '=', appointmentId)
      .execute();
    expect(bookings).toEqual([]);
    expect((await link('POST', tokens.cancel)).statusCode).toBe(410);
    expect((await link('POST', tokens.confirm)).statusCode).toBe(410);
  });

  it('refuses a tampered or foreign token, and an expired one once the appointment starts', async () => {
    const mine = await booked();
    const theirs = await booked();
    at(hoursBefore(mine.start, 72));
    await scheduler.runOnce();
    const tokens = await linksIn((await remindersOf(mine.appointmentId))[0]!.outbox_message_ids);
    // The signature covers the appointment: another id in the payload breaks it.
    const [header, payload, signature] = tokens.cancel.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: theirs.appointmentId })).toString(
      'base64url',
    );
    expect((await link('POST', `${header}.${forged}.${signature}`)).statusCode).toBe(404);
    expect((await link('GET', `${header}.${payload}.${signature}x`)).statusCode).toBe(404);
    expect((await link('POST', 'not-a-token')).statusCode).toBe(400);
    const theirStatus = await testApp.database.db
      .selectFrom('appointments')
      .select('status')
      .where('id', '=', theirs.appointmentId)
      .executeTakeFirstOrThrow();
    expect(theirStatus.status).toBe('BOOKED');

    at(new Date(new Date(mine.start).getTime() + 60_000));
    expect((await link('GET', tokens.confirm)).json().state).toBe('EXPIRED');
    expect((await link('POST', tokens.confirm)).statusCode).toBe(404);
  });
});
