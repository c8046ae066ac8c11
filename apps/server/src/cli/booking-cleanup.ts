import { systemClock } from '../adapters/clock.ts';
import { createConfiguredStorage } from '../adapters/configured-storage.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createBookingCleanup } from '../modules/booking/index.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run booking-cleanup`: deletes expired slot holds and expired, never-used
 * booking keys with their temporary documents (rows and stored files) once,
 * as the server does every ten minutes. For a cron job, or to run it by hand;
 * safe while servers run (it claims rows with SKIP LOCKED). An embedded
 * database is open in one process only: stop the server first, or use
 * PostgreSQL (DATABASE_URL).
 */
async function main(): Promise<number> {
  const env = cliEnv();
  if (!env) return 1;
  const handle = await createDb(env);
  try {
    await migrateToLatest(handle.db);
    const cleanup = createBookingCleanup({
      db: handle.db,
      storage: createConfiguredStorage(env),
      clock: systemClock,
      onError: (error) => console.error('A stored file could not be deleted:', error),
    });
    const result = await cleanup.runOnce();
    console.log(
      `Deleted ${result.holds} expired holds, ${result.bookingKeys} expired booking keys and ${result.documents} temporary documents (${result.files} files).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
