import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createDevOutboxMailAdapter } from '../../adapters/mail.ts';
import { createHttpSmsAdapter } from '../../adapters/sms.ts';
import type { DatabaseHandle } from '../../db/create-db.ts';
import { createOutboxWorker } from './index.ts';
import { insertOutboxMessages } from './notifications.repository.ts';

/** A stand-in SMS gateway: records each request and answers with `status`. */
let gateway: Server;
let gatewayUrl: string;
let status = 202;
const received: Array<{ headers: IncomingMessage['headers']; body: unknown }> = [];

let database: DatabaseHandle;
const clock = fixedClock('2026-03-02T00:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{"echo":"+61400000001 said hello"}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1/messages`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await database?.close();
});
afterEach(async () => {
  await database.db.deleteFrom('outbox_messages').execute();
  received.length = 0;
  status = 202;
});

const text = {
  channel: 'SMS' as const,
  template: 'TEST',
  recipient: '+61400000001',
  subject: null,
  bodyText: 'Your MRI is booked: http://localhost:3000/appointments/abc',
  bodyHtml: null,
};

const worker = (channels?: ReadonlyArray<'EMAIL' | 'SMS'>, onError?: (error: unknown) => void) =>
  createOutboxWorker({
    db: database.db,
    mail: createDevOutboxMailAdapter(),
    sms: createHttpSmsAdapter({ url: gatewayUrl, token: 'gateway-token-123' }),
    clock,
    channels,
    onError,
  });

const rows = () => database.db.selectFrom('outbox_messages').selectAll().execute();

it('delivers a text to the gateway as JSON with the bearer token and marks it sent', async () => {
  await insertOutboxMessages(database.db, [text], clock.now());
  expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
  expect(received).toHaveLength(1);
  expect(received[0]!.body).toEqual({ to: '+61400000001', text: text.bodyText });
  expect(received[0]!.headers.authorization).toBe('Bearer gateway-token-123');
  expect(received[0]!.headers['content-type']).toBe('application/json');
  const [row] = await rows();
  expect(row).toMatchObject({ status: 'SENT', delivered_via: 'sms-gateway', last_error: null });
});

it('keeps a text the gateway refused for a later attempt, naming only the status', async () => {
  status = 503;
  await insertOutboxMessages(database.db, [text], clock.now());
  const errors: unknown[] = [];
  expect(await worker(undefined, (error) => errors.push(error)).runOnce()).toMatchObject({
    claimed: 1,
    sent: 0,
    failed: 1,
  });
  const [row] = await rows();
  expect(row!.status).toBe('PENDING');
  expect(row!.attempts).toBe(1);
  expect(row!.last_error).toBe('The SMS gateway answered HTTP 503.');
  expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime());
  expect(errors[0]).toMatchObject({ code: 'SMS_GATEWAY_REJECTED', responseCode: 503 });
  // Neither the number nor the gateway's body reaches the stored error.
  expect(row!.last_error).not.toContain('+61');

  // The next attempt, once due and accepted, delivers it.
  status = 200;
  clock.set(new Date(row!.next_attempt_at));
  expect(await worker().runOnce()).toMatchObject({ sent: 1 });
  expect((await rows())[0]!.status).toBe('SENT');
});

it('leaves texts queued for a worker not delivering SMS (production without a gateway)', async () => {
  await insertOutboxMessages(database.db, [text], clock.now());
  expect(await worker(['EMAIL']).runOnce()).toMatchObject({ claimed: 0 });
  expect(received).toHaveLength(0);
  expect((await rows())[0]).toMatchObject({ status: 'PENDING', attempts: 0 });
});
