import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createPostgresDb } from './create-db.ts';

const url = process.env.TEST_DATABASE_URL;

// PGlite has no server to drop connections; this is about PostgreSQL.
it.skipIf(!url)('survives PostgreSQL ending an idle pooled connection', async () => {
  const handle = createPostgresDb(url as string, 1);
  const admin = createPostgresDb(url as string, 1);
  try {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
    const pid = rows[0]?.pid;
    await sql`SELECT pg_terminate_backend(${pid})`.execute(admin.db);
    // Give the pool time to see the idle client's error; an unhandled one would crash the run.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
    expect(after.rows[0]?.one).toBe(1);
  } finally {
    await handle.close();
    await admin.close();
  }
});
