import { parseArgs } from 'node:util';
import { type DevOutboxMessage, devOutboxResponseSchema } from '@portal/contract';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { listLatestMessages } from '../modules/notifications/index.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run outbox [-- 20]`: the latest messages of the development
 * outbox (what would have been e-mailed or texted). Asks the running server
 * first (an embedded database is open in one process only), else reads the
 * database itself.
 */
async function fromServer(host: string, port: number, limit: number) {
  const name = host.includes(':') ? `[${host}]` : host;
  try {
    const response = await fetch(`http://${name}:${port}/api/dev/outbox?limit=${limit}`, {
      signal: AbortSignal.timeout(2000),
    });
    if (response.status === 404) return 'off' as const;
    if (!response.ok) return null;
    return devOutboxResponseSchema.parse(await response.json());
  } catch {
    return null;
  }
}

function print(messages: DevOutboxMessage[]) {
  if (messages.length === 0) console.log('The development outbox is empty.');
  for (const message of [...messages].reverse()) {
    console.log(
      `── ${message.createdAt}  ${message.channel} to ${message.recipient}  [${message.status}]`,
    );
    if (message.subject) console.log(`Subject: ${message.subject}`);
    console.log(`${message.bodyText}\n`);
  }
}

async function main(): Promise<number> {
  // `npm run outbox -- 20` reaches here as a positional (npm keeps no `--` across workspaces).
  const { values, positionals } = parseArgs({
    options: { limit: { type: 'string' } },
    allowPositionals: true,
  });
  const limit = Math.min(200, Math.max(1, Number(values.limit ?? positionals[0]) || 10));
  const env = cliEnv();
  if (!env) return 1;
  if (env.smtpUrl) {
    console.error(
      'SMTP_URL is set: messages are really delivered, there is no development outbox.',
    );
    return 1;
  }
  const served = await fromServer(env.host, env.port, limit);
  if (served === 'off') {
    console.error('The running server delivers messages for real; there is no development outbox.');
    return 1;
  }
  if (served) {
    print(served);
    return 0;
  }
  const handle = await createDb(env);
  try {
    await migrateToLatest(handle.db);
    const rows = await listLatestMessages(handle.db, limit);
    print(
      rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
