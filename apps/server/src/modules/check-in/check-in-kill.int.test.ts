import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  appointmentInWindow,
  checkInUrl,
  providerWithCheckIn,
} from '../../../test/factories/check-in.ts';
import { bookableExamWithStarts } from '../../../test/factories/patient-portal.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createDevOutboxMailAdapter } from '../../adapters/mail.ts';
import { createDevOutboxSmsAdapter } from '../../adapters/sms.ts';
import { createHttpWebhookAdapter } from '../../adapters/webhook.ts';
import { createPgliteDb, type DatabaseHandle } from '../../db/create-db.ts';
import { createOutboxWorker } from '../notifications/index.ts';
import { checkInWebhookOutcomes } from './index.ts';

// kill -9 during delivery loses nothing (decision 027): a worker process claims the check-in's
// event and is killed while the receiver holds the request open; after the lease a new worker
// delivers it. The receiver may see the event twice, always under one event id (at least once,
// deduplicated by id). PGlite is opened by one process at a time, so on the embedded engine the
// test hands the data directory over: the test closes it, the worker opens it, the test reopens
// it after the kill.
const secret = 'kill-test-webhook-secret-0123456789abc';
const leaseMs = 1500;
const engine = inject('testDatabase').engine;
const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'portal-kill-')) : undefined;
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startWorker(env: Record<string, string>): ChildProcess {
  const process_ = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/webhook-worker-process.ts'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  process_.stderr?.on('data', () => {});
  return process_;
}

it('loses nothing when the worker is killed mid-delivery', { timeout: 120_000 }, async () => {
  const clock = fixedClock('2026-03-02T00:00:00Z');
  let database: DatabaseHandle & { url: string | null } = await createTestDatabase(
    dataDir ? { dataDir } : {},
  );
  const receiver = await startWebhookReceiver(secret);
  try {
    // A check-in, queued with its event.
    const testApp = await buildTestApp({
      clock,
      database,
      provider: providerWithCheckIn({ mode: 'SIMPLE' }),
    });
    const plain = await bookableExamWithStarts(testApp.app);
    const session = await appointmentInWindow(testApp.app, clock, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: plain.starts[0]!,
    });
    const submitted = await testApp.app.inject({
      method: 'POST',
      url: checkInUrl(session),
      payload: { form: null },
      headers: { cookie: session.cookie },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const checkInId = submitted.json().checkIn.id as string;
    await testApp.close();
    if (dataDir) await database.close();

    // The worker process claims it and posts it; the receiver never answers; kill -9.
    receiver.answer('hold');
    child = startWorker({
      ...(database.url ? { WORKER_DATABASE_URL: database.url } : { WORKER_DATA_DIR: dataDir! }),
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
      LEASE_MS: String(leaseMs),
    });
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await receiver.requests(1);
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    if (dataDir) database = { ...(await createPgliteDb({ dataDir })), url: null };
    const row = () =>
      database.db
        .selectFrom('check_ins')
        .innerJoin('outbox_messages', 'outbox_messages.id', 'check_ins.outbox_message_id')
        .select([
          'check_ins.state',
          'check_ins.delivered_at',
          'outbox_messages.id as eventId',
          'outbox_messages.status',
          'outbox_messages.attempts',
        ])
        .where('check_ins.id', '=', checkInId)
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ state: 'QUEUED', status: 'PENDING', attempts: 1 });

    // A new worker, once the dead one's lease has run out, delivers it.
    const worker = createOutboxWorker({
      db: database.db,
      mail: createDevOutboxMailAdapter(),
      sms: createDevOutboxSmsAdapter(),
      webhook: createHttpWebhookAdapter({ url: receiver.url, secret }),
      webhookOutcomes: checkInWebhookOutcomes,
      channels: ['WEBHOOK'],
      clock: fixedClock(new Date(killedAt + leaseMs + 1000)),
      leaseMs,
    });
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    const delivered = await row();
    expect(delivered).toMatchObject({ state: 'DELIVERED', status: 'SENT', attempts: 2 });
    expect(delivered.delivered_at).not.toBeNull();
    expect(receiver.received).toHaveLength(2);
    expect(new Set(receiver.received.map((request) => request.eventId))).toEqual(
      new Set([delivered.eventId]),
    );
    expect(receiver.received.every((request) => request.signatureValid)).toBe(true);
  } finally {
    await receiver.close();
    await database.close();
  }
});
