/**
 * The outbox worker as its own process, delivering check-in webhooks, for the kill -9 test
 * (check-in-kill.int.test.ts). Opens the database the test names (WORKER_DATABASE_URL, or
 * WORKER_DATA_DIR for an embedded one) and runs until it is killed.
 */
import { systemClock } from '../src/adapters/clock.ts';
import { createDevOutboxMailAdapter } from '../src/adapters/mail.ts';
import { createDevOutboxSmsAdapter } from '../src/adapters/sms.ts';
import { createHttpWebhookAdapter } from '../src/adapters/webhook.ts';
import { createPgliteDb, createPostgresDb } from '../src/db/create-db.ts';
import { checkInWebhookOutcomes } from '../src/modules/check-in/index.ts';
import { createOutboxWorker } from '../src/modules/notifications/index.ts';

const { WORKER_DATABASE_URL, WORKER_DATA_DIR, WEBHOOK_URL, WEBHOOK_SECRET, LEASE_MS } = process.env;
const handle = WORKER_DATABASE_URL
  ? createPostgresDb(WORKER_DATABASE_URL, 2)
  : await createPgliteDb({ dataDir: WORKER_DATA_DIR! });
const worker = createOutboxWorker({
  db: handle.db,
  mail: createDevOutboxMailAdapter(),
  sms: createDevOutboxSmsAdapter(),
  webhook: createHttpWebhookAdapter({
    url: WEBHOOK_URL!,
    secret: WEBHOOK_SECRET!,
    timeoutMs: 60_000,
  }),
  webhookOutcomes: checkInWebhookOutcomes,
  channels: ['WEBHOOK'],
  clock: systemClock,
  leaseMs: Number(LEASE_MS),
});
for (;;) {
  await worker.runOnce();
  await new Promise((resolve) => setTimeout(resolve, 100));
}
