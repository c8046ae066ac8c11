import { checkInEventSchema } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  appointmentInWindow,
  type CheckInSession,
  checkInUrl,
  providerWithCheckIn,
  signInAgain,
} from '../../../test/factories/check-in.ts';
import { bookableExamWithStarts } from '../../../test/factories/patient-portal.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createDevOutboxMailAdapter } from '../../adapters/mail.ts';
import { createDevOutboxSmsAdapter } from '../../adapters/sms.ts';
import { createHttpWebhookAdapter } from '../../adapters/webhook.ts';
import { apiKeys } from '../integration/index.ts';
import { createOutboxWorker } from '../notifications/index.ts';
import { checkInWebhookOutcomes } from './index.ts';

// The check-in's way to the provider (decision 027): its event goes out through the outbox to
// a real HTTP receiver that verifies the signature; retried with the same event id until a 2xx,
// marked DELIVERED once, or FAILED after the last attempt.
const secret = 'test-webhook-secret-0123456789abcdef';
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let receiver: WebhookReceiver;
let booking: { examSlug: string; clinicSlug: string };
let starts: string[];
let next = 0;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, provider: providerWithCheckIn({ mode: 'SIMPLE' }) });
  receiver = await startWebhookReceiver(secret);
  const plain = await bookableExamWithStarts(testApp.app);
  booking = { examSlug: plain.exam.slug, clinicSlug: plain.clinicSlug };
  starts = plain.starts;
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await testApp?.close();
});

const worker = (options: { timeoutMs?: number } = {}) =>
  createOutboxWorker({
    db: testApp.database.db,
    mail: createDevOutboxMailAdapter(),
    sms: createDevOutboxSmsAdapter(),
    webhook: createHttpWebhookAdapter({
      url: receiver.url,
      secret,
      timeoutMs: options.timeoutMs ?? 5000,
    }),
    webhookOutcomes: checkInWebhookOutcomes,
    channels: ['WEBHOOK'],
    clock,
    maxAttempts: 3,
    baseDelayMs: 60_000,
  });

/** A new appointment checked in (SIMPLE mode: no form); the check-in's status answer. */
async function checkedIn(): Promise<{ session: CheckInSession; checkInId: string }> {
  clock.set('2026-03-02T00:00:00Z');
  const session = await appointmentInWindow(testApp.app, clock, {
    ...booking,
    start: starts[next++]!,
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: checkInUrl(session),
    payload: { form: null },
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(202);
  return { session, checkInId: response.json().checkIn.id };
}

const checkInRow = (id: string) =>
  testApp.database.db
    .selectFrom('check_ins')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const messageOf = async (id: string) =>
  testApp.database.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('id', '=', (await checkInRow(id)).outbox_message_id)
    .executeTakeFirstOrThrow();
const statusOf = async (session: CheckInSession) =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: checkInUrl(session),
      headers: { cookie: (await signInAgain(testApp.app, session)).cookie },
    })
  ).json();
const minutesLater = (minutes: number) =>
  clock.set(new Date(clock.now().getTime() + minutes * 60_000));

it('retries a 500 with the same signed event and marks the check-in delivered once', async () => {
  const { session, checkInId } = await checkedIn();
  const seen = receiver.received.length;
  receiver.answer(500);

  expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
  expect((await checkInRow(checkInId)).state).toBe('QUEUED');
  expect((await statusOf(session)).checkIn).toMatchObject({ state: 'QUEUED', checkInSent: false });
  // Not due again before its backoff.
  expect(await worker().runOnce()).toMatchObject({ claimed: 0 });

  minutesLater(1);
  const deliveredAt = clock.now();
  expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 1 });
  const row = await checkInRow(checkInId);
  expect(row.state).toBe('DELIVERED');
  expect(new Date(row.delivered_at!)).toEqual(deliveredAt);
  expect((await messageOf(checkInId)).status).toBe('SENT');

  const requests = receiver.received.slice(seen);
  expect(requests).toHaveLength(2);
  expect(requests.every((request) => request.signatureValid)).toBe(true);
  expect(new Set(requests.map((request) => request.eventId)).size).toBe(1);
  expect(requests[0]!.eventId).toBe(row.outbox_message_id);
  expect(requests[0]!.body).toBe(requests[1]!.body);
  const event = checkInEventSchema.parse(JSON.parse(requests[1]!.body));
  expect(event).toMatchObject({
    id: row.outbox_message_id,
    type: 'check_in.submitted',
    data: {
      checkInId,
      appointmentId: session.appointmentId,
      channel: 'HOME',
      referral: null,
      medicare: null,
      patient: { lastName: expect.any(String), dateOfBirth: expect.any(String) },
    },
  });
  expect(requests[0]!.eventType).toBe('check_in.submitted');

  // A second settlement (a worker whose lease ran out) changes nothing; nothing is sent again.
  minutesLater(5);
  await testApp.database.db
    .transaction()
    .execute((tx) => checkInWebhookOutcomes.delivered(tx, row.outbox_message_id, clock.now()));
  expect(new Date((await checkInRow(checkInId)).delivered_at!)).toEqual(deliveredAt);
  expect(await worker().runOnce()).toMatchObject({ claimed: 0 });
  expect(receiver.received.length - seen).toBe(2);
  expect((await statusOf(session)).checkIn).toMatchObject({
    state: 'DELIVERED',
    checkInSent: true,
    checkInSuccess: true,
    deliveredAt: deliveredAt.toISOString(),
  });
});

it('counts a receiver that does not answer in time as a failed attempt', async () => {
  const { checkInId } = await checkedIn();
  receiver.answer('hold');
  expect(await worker({ timeoutMs: 300 }).runOnce()).toMatchObject({ claimed: 1, failed: 1 });
  expect((await messageOf(checkInId)).last_error).toMatch(/timeout|abort/i);
  minutesLater(1);
  expect(await worker().runOnce()).toMatchObject({ sent: 1 });
  expect((await checkInRow(checkInId)).state).toBe('DELIVERED');
});

it('marks the check-in FAILED after the last attempt, and a new submission sends it again under the same id', async () => {
  const { session, checkInId } = await checkedIn();
  const seen = receiver.received.length;
  receiver.answer(500, 503, 502);
  for (const wait of [0, 1, 2]) {
    minutesLater(wait);
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, failed: 1 });
  }
  expect(await checkInRow(checkInId)).toMatchObject({ state: 'FAILED', delivered_at: null });
  expect((await messageOf(checkInId)).status).toBe('FAILED');
  expect((await statusOf(session)).checkIn).toMatchObject({ state: 'FAILED', checkInSent: false });

  const again = await testApp.app.inject({
    method: 'POST',
    url: checkInUrl(session),
    payload: { form: null },
    headers: { cookie: (await signInAgain(testApp.app, session)).cookie },
  });
  expect(again.statusCode, again.body).toBe(202);
  expect(again.json().checkIn).toMatchObject({ id: checkInId, state: 'QUEUED' });
  expect(await worker().runOnce()).toMatchObject({ sent: 1 });
  expect((await checkInRow(checkInId)).state).toBe('DELIVERED');
  const ids = new Set(receiver.received.slice(seen).map((request) => request.eventId));
  expect(ids.size).toBe(1);
  expect(receiver.received.length - seen).toBe(4);
});

it('lets the provider acknowledge a check-in once and list the unacknowledged ones', async () => {
  const { session, checkInId } = await checkedIn();
  const key = (await apiKeys({ db: testApp.database.db, clock }).create('ris-check-ins')).key;
  const asProvider = (method: 'GET' | 'POST', url: string, authorization = `Bearer ${key}`) =>
    testApp.app.inject({ method, url, headers: { authorization } });

  const listed = await asProvider(
    'GET',
    '/api/integration/check_ins?unacknowledged=true&state=QUEUED',
  );
  expect(listed.statusCode, listed.body).toBe(200);
  const mine = listed
    .json()
    .checkIns.find((row: { checkInId: string }) => row.checkInId === checkInId);
  expect(mine).toMatchObject({
    appointmentId: session.appointmentId,
    state: 'QUEUED',
    acknowledgedAt: null,
    deliveredAt: null,
  });

  const url = `/api/integration/check_ins/${checkInId}/acknowledge`;
  expect((await asProvider('POST', url, 'Bearer pk_wrong')).statusCode).toBe(401);
  const first = await asProvider('POST', url);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toEqual({ checkInId, acknowledgedAt: clock.now().toISOString() });
  minutesLater(3);
  const again = await asProvider('POST', url);
  expect(again.json().acknowledgedAt).toBe(first.json().acknowledgedAt);
  const unknown = await asProvider(
    'POST',
    '/api/integration/check_ins/00000000-0000-4000-8000-000000000000/acknowledge',
  );
  expect(unknown.statusCode).toBe(404);
  expect((await asProvider('POST', '/api/integration/check_ins/nope/acknowledge')).statusCode).toBe(
    400,
  );

  const after = await asProvider('GET', '/api/integration/check_ins?unacknowledged=true');
  expect(after.json().checkIns.map((row: { checkInId: string }) => row.checkInId)).not.toContain(
    checkInId,
  );
  const audit = await testApp.database.db
    .selectFrom('audit_events')
    .select(['action', 'actor'])
    .where('subject_id', '=', checkInId)
    .where('action', '=', 'check-in.acknowledged')
    .execute();
  expect(audit).toEqual([
    { action: 'check-in.acknowledged', actor: 'provider:ris-check-ins' },
    { action: 'check-in.acknowledged', actor: 'provider:ris-check-ins' },
  ]);
});
