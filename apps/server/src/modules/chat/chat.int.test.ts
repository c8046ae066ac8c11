import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  examAndClinic,
  providerWithPortal,
  requestAndSignIn,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from '../integration/index.ts';

// The chat desk's outcome for a booking request (docs/product/chat.md#the-integration-endpoint)
// on the real app and database: status BOOKED by chat, type PATIENT when the conversation
// cannot finish it, every call audited, every refusal changing nothing.
const clock = fixedClock('2026-03-02T00:00:00Z');

describe('POST /api/integration/booking_requests/{bookingKey}/chat_outcome', () => {
  let testApp: TestApp;
  let key: string;
  let plain: { examSlug: string; clinicSlug: string };

  beforeAll(async () => {
    testApp = await buildTestApp({ clock, provider: providerWithPortal({}) });
    const found = await examAndClinic(
      testApp.app,
      (exam) => !exam.walkIn && !exam.bookingRequestOnly,
    );
    plain = { examSlug: found.exam.slug, clinicSlug: found.clinicSlug };
    key = (await apiKeys({ db: testApp.database.db, clock }).create('chat-desk')).key;
  });
  afterAll(() => testApp?.close());

  const newRequest = async () =>
    (
      await requestAndSignIn(testApp.app, {
        examSlugs: [plain.examSlug],
        clinicSlug: plain.clinicSlug,
      })
    ).bookingKey;
  const report = (bookingKey: string, body: unknown, authorization: string | null = key) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/integration/booking_requests/${bookingKey}/chat_outcome`,
      payload: body as object,
      headers: authorization === null ? {} : { authorization: `Bearer ${authorization}` },
    });
  const stored = (bookingKey: string) =>
    testApp.database.db
      .selectFrom('booking_requests')
      .select(['status', 'request_type as requestType'])
      .where('booking_key', '=', bookingKey)
      .executeTakeFirstOrThrow();
  const outcomeAudits = () =>
    testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('action', '=', 'booking-request.chat-outcome')
      .orderBy('id')
      .execute();
  const detailsOf = (row: { details: unknown }) =>
    (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
      string,
      unknown
    >;

  it('starts as a PATIENT request; STARTED takes it to the chat, BOOKED books it', async () => {
    const bookingKey = await newRequest();
    expect(await stored(bookingKey)).toEqual({ status: 'RECEIVED', requestType: 'PATIENT' });

    const started = await report(bookingKey, { outcome: 'STARTED', conversationId: 'conv-1' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      bookingKey,
      status: 'RECEIVED',
      requestType: 'CHAT',
      changed: true,
    });

    const booked = await report(bookingKey, { outcome: 'BOOKED', conversationId: 'conv-1' });
    expect(booked.json()).toEqual({
      bookingKey,
      status: 'BOOKED',
      requestType: 'CHAT',
      changed: true,
    });
    expect(await stored(bookingKey)).toEqual({ status: 'BOOKED', requestType: 'CHAT' });

    // The desk may retry: the same answer, nothing changes, the call is still audited.
    const again = await report(bookingKey, { outcome: 'BOOKED' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'BOOKED', changed: false });

    const audits = (await outcomeAudits()).slice(-3);
    expect(audits.map((row) => row.actor)).toEqual([
      'provider:chat-desk',
      'provider:chat-desk',
      'provider:chat-desk',
    ]);
    expect(audits.map(detailsOf)).toEqual([
      expect.objectContaining({ outcome: 'STARTED', conversationId: 'conv-1', changed: true }),
      expect.objectContaining({ outcome: 'BOOKED', fromStatus: 'RECEIVED', status: 'BOOKED' }),
      expect.objectContaining({ outcome: 'BOOKED', conversationId: null, changed: false }),
    ]);
    // The audit names the key by its hash, never the key itself.
    expect(JSON.stringify(audits)).not.toContain(bookingKey);
  });

  it.each(['INVALIDATED', 'NO_AGENT'])(
    '%s hands the request back to the front desk',
    async (outcome) => {
      const bookingKey = await newRequest();
      await report(bookingKey, { outcome: 'STARTED' });
      const response = await report(bookingKey, { outcome });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'RECEIVED',
        requestType: 'PATIENT',
        changed: true,
      });
      expect(await stored(bookingKey)).toEqual({ status: 'RECEIVED', requestType: 'PATIENT' });
      expect(detailsOf((await outcomeAudits()).at(-1)!)).toMatchObject({
        outcome,
        fromRequestType: 'CHAT',
        requestType: 'PATIENT',
      });
    },
  );

  it('refuses a cancelled or closed request, and anything but BOOKED on a booked one', async () => {
    for (const status of ['CANCELED', 'CLOSED'] as const) {
      const bookingKey = await newRequest();
      await report(bookingKey, { outcome: 'STARTED' });
      await testApp.database.db
        .updateTable('booking_requests')
        .set({ status })
        .where('booking_key', '=', bookingKey)
        .execute();
      const before = (await outcomeAudits()).length;
      for (const outcome of ['STARTED', 'BOOKED', 'INVALIDATED', 'NO_AGENT']) {
        const refused = await report(bookingKey, { outcome });
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().error.code).toBe('BOOKING_REQUEST_CLOSED');
      }
      expect(await stored(bookingKey)).toEqual({ status, requestType: 'CHAT' });
      expect(await outcomeAudits()).toHaveLength(before);
    }

    const booked = await newRequest();
    await report(booked, { outcome: 'BOOKED' });
    for (const outcome of ['STARTED', 'INVALIDATED', 'NO_AGENT']) {
      const refused = await report(booked, { outcome });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('BOOKING_REQUEST_ALREADY_BOOKED');
    }
    expect(await stored(booked)).toEqual({ status: 'BOOKED', requestType: 'CHAT' });
  });

  it('answers bad input 400, an unknown key 404, and a call without a valid key 401', async () => {
    const bookingKey = await newRequest();
    for (const body of [
      {},
      { outcome: 'booked' },
      { outcome: 'CANCELLED' },
      { outcome: 'BOOKED', extra: true },
      { outcome: 'BOOKED', conversationId: '' },
      { outcome: 'BOOKED', conversationId: 'x'.repeat(129) },
      { outcome: 'BOOKED', conversationId: 'has spaces' },
    ]) {
      const response = await report(bookingKey, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    const malformedKey = await report('short', { outcome: 'BOOKED' });
    expect(malformedKey.statusCode).toBe(400);

    const unknown = await report('A'.repeat(32), { outcome: 'BOOKED' });
    expect(unknown.statusCode, unknown.body).toBe(404);

    for (const authorization of [null, 'pk_wrong', 'not-a-key']) {
      const refused = await report(bookingKey, { outcome: 'BOOKED' }, authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('INVALID_API_KEY');
    }
    // A revoked key is refused like any other.
    const keys = apiKeys({ db: testApp.database.db, clock });
    const revoked = (await keys.create('old-chat-desk')).key;
    await keys.revoke('old-chat-desk');
    expect((await report(bookingKey, { outcome: 'BOOKED' }, revoked)).statusCode).toBe(401);

    expect(await stored(bookingKey)).toEqual({ status: 'RECEIVED', requestType: 'PATIENT' });
  });

  it('is published in the OpenAPI document under the provider key', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation =
      document.paths['/api/integration/booking_requests/{bookingKey}/chat_outcome'].post;
    expect(operation.security).toEqual([{ providerApiKey: [] }]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '409']),
    );
  });
});
