import type { CallCentreState } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  bookableExamWithStarts,
  providerWithPortal,
  requestAndSignIn,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from '../integration/index.ts';

// Messages and callback requests to the call centre (docs/product/contact-the-clinic.md) on the
// real app and database: what the outbox holds, the limit, the opening hours and the scopes.
const clock = fixedClock('2026-03-02T00:00:00Z');
const callCentreEmail = 'call-centre@test.example';
const inside = { date: '2026-03-04', from: '10:00', to: '11:00' };

describe('call-centre messages and callback requests', () => {
  let testApp: TestApp;
  let book: () => Promise<{ bookingKey: string; appointmentId: string; cookie: string }>;
  let providerKey: string;

  beforeAll(async () => {
    const provider = providerWithPortal({});
    provider.patientPortal.callCentre = {
      ...provider.patientPortal.callCentre,
      email: callCentreEmail,
      dailyLimit: 2,
      messageMaxLength: 200,
    };
    testApp = await buildTestApp({ clock, provider });
    const { starts, exam, clinicSlug } = await bookableExamWithStarts(testApp.app);
    let next = 0;
    book = () =>
      bookAndSignIn(testApp.app, { examSlug: exam.slug, clinicSlug, start: starts[next++]! });
    providerKey = (await apiKeys({ db: testApp.database.db, clock }).create('call-centre')).key;
  });
  afterAll(() => testApp?.close());

  const post = (kind: string, bookingKey: string, cookie: string, path: string, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/secured/${kind}/${bookingKey}/${path}`,
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
  const message = (bookingKey: string, cookie: string, payload: unknown) =>
    post('appointments', bookingKey, cookie, 'call_centre_messages', payload);
  const callback = (bookingKey: string, cookie: string, payload: unknown) =>
    post('appointments', bookingKey, cookie, 'callback_requests', payload);
  const state = async (bookingKey: string, cookie: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${bookingKey}/call_centre`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CallCentreState;
  };
  const outbox = () =>
    testApp.database.db
      .selectFrom('outbox_messages')
      .select(['channel', 'template', 'recipient', 'subject', 'body_text', 'body_html'])
      .where('template', 'in', [
        'CALL_CENTRE_MESSAGE',
        'CALL_CENTRE_MESSAGE_RECEIVED',
        'CALLBACK_REQUEST',
        'CALLBACK_REQUEST_RECEIVED',
        'CALLBACK_REQUESTED',
      ])
      .orderBy('created_at')
      .execute();
  const stored = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom('call_centre_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('e-mails the call centre with the reference the server adds, escapes HTML, acknowledges the patient and audits', async () => {
    const { bookingKey, appointmentId, cookie } = await book();
    const before = (await outbox()).length;
    const typed = 'Can I bring my son? <script>alert("x")</script> <b>thanks</b>';
    const response = await message(bookingKey, cookie, { topic: 'PREPARATION', message: typed });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ messagesLeftToday: 1 });

    const sent = (await outbox()).slice(before);
    const toCentre = sent.find((row) => row.template === 'CALL_CENTRE_MESSAGE')!;
    expect(toCentre.recipient).toBe(callCentreEmail);
    expect(toCentre.subject).toContain(bookingKey);
    expect(toCentre.body_text).toContain(`Booking reference: ${bookingKey}`);
    expect(toCentre.body_text).toContain(appointmentId);
    expect(toCentre.body_text).toContain('Topic: PREPARATION');
    expect(toCentre.body_text).toContain(typed);
    expect(toCentre.body_html).not.toContain('<script>');
    expect(toCentre.body_html).not.toContain('<b>thanks');
    expect(toCentre.body_html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    const ack = sent.find((row) => row.template === 'CALL_CENTRE_MESSAGE_RECEIVED')!;
    expect(ack.recipient).not.toBe(callCentreEmail);
    expect(ack.body_text).not.toContain('<script>');

    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'call-centre.message')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('son');
  });

  it('refuses one more than the daily limit with a clear code, sending and storing nothing', async () => {
    const { bookingKey, cookie } = await book();
    for (let i = 0; i < 2; i++) {
      const ok = await message(bookingKey, cookie, { topic: 'OTHER', message: `Question ${i}` });
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const [sentBefore, storedBefore] = [(await outbox()).length, await stored()];
    const refused = await message(bookingKey, cookie, { topic: 'OTHER', message: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('CALL_CENTRE_DAILY_LIMIT_REACHED');
    expect((await outbox()).length).toBe(sentBefore);
    expect(await stored()).toBe(storedBefore);
    expect((await state(bookingKey, cookie)).messagesLeftToday).toBe(0);
    // Once they are more than a day old, the key may write again.
    await sql`UPDATE call_centre_requests SET created_at = created_at - interval '1 day'
      WHERE booking_key = ${bookingKey}`.execute(testApp.database.db);
    const later = await message(bookingKey, cookie, { topic: 'OTHER', message: 'Next day' });
    expect(later.statusCode).toBe(201);
  });

  it('refuses bad input with 400 and a message too long or an unknown topic with 422, storing nothing', async () => {
    const { bookingKey, cookie } = await book();
    const storedBefore = await stored();
    const sentBefore = (await outbox()).length;
    for (const payload of [
      {},
      { topic: 'OTHER' },
      { topic: 'OTHER', message: 42 },
      { topic: 'OTHER', message: '   ' },
      { topic: 'OTHER', message: 'hi', bookingReference: 'typed by patient' },
      { topic: 'OTHER', message: 'bell \u0007' },
    ]) {
      const response = await message(bookingKey, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [
      { windows: [inside] },
      { phone: '0412345678', windows: [] },
      { phone: 'call me', windows: [inside] },
      { phone: '0412345678', windows: [{ date: '2026-03-04', from: '10am', to: '11:00' }] },
    ]) {
      const response = await callback(bookingKey, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await message(bookingKey, cookie, { topic: 'NOPE', message: 'hi' })).statusCode).toBe(
      422,
    );
    const long = await message(bookingKey, cookie, { topic: 'OTHER', message: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.code).toBe('CALL_CENTRE_MESSAGE_TOO_LONG');
    expect(await stored()).toBe(storedBefore);
    expect((await outbox()).length).toBe(sentBefore);
  });

  it("refuses another booking's session", async () => {
    const mine = await book();
    const theirs = await book();
    const response = await message(theirs.bookingKey, mine.cookie, {
      topic: 'OTHER',
      message: 'hi',
    });
    expect(response.statusCode).toBe(401);
    const asked = await callback(theirs.bookingKey, mine.cookie, {
      phone: '0412345678',
      windows: [inside],
    });
    expect(asked.statusCode).toBe(401);
  });

  it('takes a callback within opening hours, refuses one outside, and shows it until the provider marks it done', async () => {
    const { bookingKey, appointmentId, cookie } = await book();
    const before = await state(bookingKey, cookie);
    expect(before.phone).toMatch(/^\+?\d{8,15}$/);
    expect(before.timeZone).toBeTruthy();
    expect(before.pendingCallbacks).toEqual([]);

    const storedBefore = await stored();
    for (const window of [
      { date: '2026-03-04', from: '18:00', to: '19:00' },
      { date: '2026-03-08', from: '10:00', to: '11:00' },
      { date: '2026-03-01', from: '10:00', to: '11:00' },
      { date: '2026-03-04', from: '11:00', to: '10:00' },
    ]) {
      const refused = await callback(bookingKey, cookie, {
        phone: before.phone,
        windows: [inside, window],
      });
      expect(refused.statusCode, JSON.stringify(window)).toBe(422);
      expect(refused.json().error.code).toBe('CALLBACK_WINDOW_OUTSIDE_OPENING_HOURS');
    }
    expect(await stored()).toBe(storedBefore);

    const sentBefore = (await outbox()).length;
    const asked = await callback(bookingKey, cookie, {
      phone: '0412 345 678',
      windows: [inside],
      reason: 'About <i>my</i> referral',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const sent = (await outbox()).slice(sentBefore);
    const toCentre = sent.find((row) => row.template === 'CALLBACK_REQUEST')!;
    expect(toCentre.recipient).toBe(callCentreEmail);
    expect(toCentre.body_text).toContain(`Booking reference: ${bookingKey}`);
    expect(toCentre.body_text).toContain(appointmentId);
    expect(toCentre.body_text).toContain('0412345678');
    expect(toCentre.body_text).toContain('2026-03-04 10:00–11:00');
    expect(toCentre.body_html).toContain('&lt;i&gt;my&lt;/i&gt;');
    const event = sent.find((row) => row.channel === 'WEBHOOK')!;
    expect(event.subject).toBe('callback_request.created');
    expect(JSON.parse(event.body_text)).toMatchObject({
      callbackRequestId: id,
      bookingKey,
      recordId: appointmentId,
    });
    expect((await state(bookingKey, cookie)).pendingCallbacks.map((c) => c.id)).toEqual([id]);

    const done = (authorization: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/integration/callback_requests/${id}/done`,
        headers: { authorization },
      });
    expect((await done('Bearer wrong')).statusCode).toBe(401);
    const marked = await done(`Bearer ${providerKey}`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().status).toBe('DONE');
    expect((await done(`Bearer ${providerKey}`)).statusCode).toBe(200);
    expect((await state(bookingKey, cookie)).pendingCallbacks).toEqual([]);
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/integration/callback_requests/00000000-0000-4000-8000-000000000000/done',
      headers: { authorization: `Bearer ${providerKey}` },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves the booking request page the same way', async () => {
    const { exam, clinicSlug } = await bookableExamWithStarts(testApp.app);
    const { bookingKey, cookie } = await requestAndSignIn(testApp.app, {
      examSlugs: [exam.slug],
      clinicSlug,
    });
    const response = await post('booking_requests', bookingKey, cookie, 'call_centre_messages', {
      topic: 'APPOINTMENT',
      message: 'When will you call?',
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = (await outbox()).filter((r) => r.template === 'CALL_CENTRE_MESSAGE').at(-1)!;
    expect(row.body_text).toContain(exam.name);
    const wrongPage = await message(bookingKey, cookie, { topic: 'OTHER', message: 'hi' });
    expect(wrongPage.statusCode).toBe(401);
  });
});
