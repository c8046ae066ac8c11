import type { Env } from '../config/env.ts';
import { createDb, type DatabaseHandle } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';

async function serverAnswers(host: string, port: number): Promise<boolean> {
  const name = host.includes(':') ? `[${host}]` : host;
  try {
    const response = await fetch(`http://${name}:${port}/healthz`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The migrated database for an operator's CLI, or null after saying why not. The embedded
 * database is open in one process only, so with PGlite this refuses while the portal answers on
 * its address (`alternative` says what else the operator may do); on PostgreSQL it runs any time.
 */
export async function openCliDatabase(
  env: Env,
  alternative?: string,
): Promise<DatabaseHandle | null> {
  if (!env.databaseUrl && (await serverAnswers(env.host, env.port))) {
    console.error(
      `The portal is running on the embedded database (http://${env.host}:${env.port}), which one process at a time may open: stop it, run this again, then start it${alternative ? `, or ${alternative}` : ''}.`,
    );
    return null;
  }
  const handle = await createDb(env);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
