import { systemClock } from '../adapters/clock.ts';
import { DomainError } from '../domain-error.ts';
import { type ApiKeySummary, apiKeys } from '../modules/integration/index.ts';
import { openCliDatabase } from './cli-database.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run api-key -- create <name> | revoke <name> | list`: the provider API keys of
 * /api/integration (docs/product/integration.md). `create` prints the key once; only its hash
 * is stored. The embedded database is open in one process only, so with PGlite the server
 * must be stopped first (this refuses while it answers); on PostgreSQL it runs any time.
 */
const usage = 'Usage: npm run api-key -- create <name> | revoke <name> | list';

const when = (date: Date | null) => (date ? date.toISOString() : '-');

function printList(keys: ApiKeySummary[]) {
  if (keys.length === 0) {
    console.log('No API keys yet. Create one with: npm run api-key -- create <name>');
    return;
  }
  console.log(
    'name                      created                   revoked                   last used',
  );
  for (const key of keys) {
    console.log(
      [
        key.name.padEnd(25),
        when(key.createdAt).padEnd(25),
        when(key.revokedAt).padEnd(25),
        when(key.lastUsedAt),
      ].join(' '),
    );
  }
}

async function main(args: string[]): Promise<number> {
  const [command, name, ...rest] = args;
  const needsName = command === 'create' || command === 'revoke';
  if (!(needsName || command === 'list') || (needsName ? !name : name) || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  const env = cliEnv();
  if (!env) return 1;
  const handle = await openCliDatabase(env);
  if (!handle) return 1;
  try {
    const keys = apiKeys({ db: handle.db, clock: systemClock });
    if (command === 'list') {
      printList(await keys.list());
    } else if (command === 'revoke') {
      await keys.revoke(name!);
      console.log(`Revoked the API key ${name}: calls with it are refused from now on.`);
    } else {
      const created = await keys.create(name!);
      console.log(`Created the API key ${created.name}. It is shown only now; keep it in the system that calls the portal:

  ${created.key}

Send it as: Authorization: Bearer ${created.key}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

// `npm run api-key -- create x` reaches here as positionals (npm keeps no `--` across workspaces).
process.exitCode = await main(process.argv.slice(2));
