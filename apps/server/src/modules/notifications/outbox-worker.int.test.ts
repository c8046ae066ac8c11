import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createSmtpMailAdapter, type MailAdapter, type MailMessage } from '../../adapters/mail.ts';
import { createDevOutboxSmsAdapter } from '../../adapters/sms.ts';
import type { DatabaseHandle } from '../../db/create-db.ts';
import { createOutboxWorker } from './index.ts';
import { insertOutboxMessages, type NewOutboxMessage } from './notifications.repository.ts';

let database: DatabaseHandle;
const clock = fixedClock('2026-03-02T00:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
afterEach(async () => {
  await database.db.deleteFrom('outbox_messages').execute();
  clock.set('2026-03-02T00:00:00Z');
});

const email = (index: number): NewOutboxMessage => ({
  channel: 'EMAIL',
  template: 'TEST',
  recipient: `patient${index}@example.org`,
  subject: `Message ${index}`,
  bodyText: `Body ${index}`,
  bodyHtml: `<p>Body ${index}</p>`,
});

const sms = createDevOutboxSmsAdapter();

function recordingMail(name: string, sent: string[]): MailAdapter {
  return {
    name,
    realDelivery: false,
    async send(message: MailMessage) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(message.subject);
    },
    async close() {},
  };
}

it('two workers claiming concurrently (FOR UPDATE SKIP LOCKED) send each message once', async () => {
  await insertOutboxMessages(
    database.db,
    Array.from({ length: 30 }, (_, index) => email(index)),
    clock.now(),
  );
  const sent: string[] = [];
  const workers = ['a', 'b'].map((name) =>
    createOutboxWorker({
      db: database.db,
      mail: recordingMail(name, sent),
      sms,
      clock,
      batchSize: 4,
    }),
  );
  const drain = async (worker: (typeof workers)[number]) => {
    let claimed = 0;
    for (;;) {
      const result = await worker.runOnce();
      if (result.claimed === 0) return claimed;
      claimed += result.claimed;
    }
  };
  const claimed = await Promise.all(workers.map(drain));
  expect(claimed[0]! + claimed[1]!).toBe(30);
  expect(sent).toHaveLength(30);
  expect(new Set(sent).size).toBe(30);
  const rows = await database.db.selectFrom('outbox_messages').selectAll().execute();
  expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
});

it('delivers over SMTP, retrying with exponential backoff after a failure', async () => {
  const sink = await startSmtpSink();
  const mail = createSmtpMailAdapter(sink.url, 'Portal <no-reply@portal.test>');
  try {
    sink.failNext = 2;
    await insertOutboxMessages(database.db, [email(1)], clock.now());
    const worker = createOutboxWorker({ db: database.db, mail, sms, clock, baseDelayMs: 30_000 });
    const row = () =>
      database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();

    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(await row()).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await row()).last_error).toMatch(/451|busy/i);
    expect((await row()).next_attempt_at.toISOString()).toBe('2026-03-02T00:00:30.000Z');
    expect((await worker.runOnce()).claimed).toBe(0); // not due yet

    clock.set('2026-03-02T00:00:30Z');
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    // Second failure: twice the delay.
    expect((await row()).next_attempt_at.toISOString()).toBe('2026-03-02T00:01:30.000Z');

    clock.set('2026-03-02T00:01:30Z');
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row()).toMatchObject({ status: 'SENT', attempts: 3, delivered_via: 'smtp' });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toContain('Subject: Message 1');
    expect(sink.received[0]).toContain('patient1@example.org');
  } finally {
    await mail.close();
    await sink.close();
  }
});

it('gives up (FAILED) after maxAttempts; a restarted worker picks up what is due', async () => {
  await insertOutboxMessages(database.db, [email(2)], clock.now());
  const broken: MailAdapter = {
    name: 'broken',
    realDelivery: true,
    send: async () => {
      throw new Error('connection refused');
    },
    close: async () => {},
  };
  const worker = createOutboxWorker({
    db: database.db,
    mail: broken,
    sms,
    clock,
    maxAttempts: 2,
    baseDelayMs: 1000,
  });
  await worker.runOnce();
  clock.set('2026-03-02T00:00:01Z');
  await worker.runOnce();
  const row = await database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'FAILED', attempts: 2, last_error: 'connection refused' });

  await insertOutboxMessages(database.db, [email(3)], clock.now());
  const sent: string[] = [];
  const restarted = createOutboxWorker({
    db: database.db,
    mail: recordingMail('dev-outbox', sent),
    sms,
    clock,
    pollIntervalMs: 10,
  });
  restarted.start();
  await expect.poll(() => sent, { timeout: 5000 }).toEqual(['Message 3']);
  await restarted.stop();
});
