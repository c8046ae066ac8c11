import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/index.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run seed`: adds the fictional provider's demo data (idempotent).
 * Refuses outside demo mode, so it cannot pollute a real deployment.
 */
async function main(): Promise<number> {
  const env = cliEnv();
  if (!env) return 1;
  if (!env.demo) {
    console.error(
      'Demo mode is off (DEMO=false, or DATABASE_URL is set without DEMO=true); refusing to add demo data.',
    );
    return 1;
  }
  const handle = await createDb(env);
  try {
    await migrateToLatest(handle.db);
    const counts = await seedDemoData(handle.db);
    console.log('Demo data is in place:');
    for (const [table, count] of Object.entries(counts)) console.log(`  ${table}: ${count}`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
