import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPgliteDb, createPostgresDb, type DatabaseHandle } from '../src/db/create-db.ts';

/**
 * A fresh copy of the migrated and seeded template (see global-setup.ts),
 * on the engine this run uses. `close` also drops a PostgreSQL copy.
 */
export async function createTestDatabase(
  options: { dataDir?: string } = {},
): Promise<DatabaseHandle & { url: string | null }> {
  const testDatabase = inject('testDatabase');
  if (testDatabase.engine === 'pglite') {
    const handle = await createPgliteDb({
      // With dataDir the copy lands on disk (for a server process to open), else in memory.
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      loadDataDir: new Blob([readFileSync(testDatabase.templateFile)]),
    });
    return { ...handle, url: null };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabase.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDatabase.templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabase.adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDb(url.toString(), 4);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testDatabase.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
