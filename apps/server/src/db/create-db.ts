import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.ts';

export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** The embedded instance (PGlite only): tests dump it as a template. */
  pglite?: PGlite;
  /** Closes the pool or the embedded database. */
  close(): Promise<void>;
}

// OIDs of `date` and `time`: keep them as text so clinic-local values never
// turn into a JS Date in the server's own time zone.
const DATE_OID = 1082;
const TIME_OID = 1083;
const asText = (value: string) => value;

export interface PgliteOptions {
  /** A directory for the data files; omitted means in memory. */
  dataDir?: string;
  /** A dump made with `dumpDataDir()` to start from (tests load a seeded template). */
  loadDataDir?: Blob;
}

export async function createPgliteDb(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // 'memory://' rather than undefined: PGlite.create(undefined, options) drops the extensions.
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    // pg_trgm: the referrer directory's typo-tolerant doctor search (decision 028).
    extensions: { btree_gist, pg_trgm },
    parsers: { [DATE_OID]: asText, [TIME_OID]: asText },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    engine: 'pglite',
    pglite: client,
    // Kysely's destroy closes the PGlite instance (kysely-pglite-dialect >= 1.3.1).
    close: () => db.destroy(),
  };
}

export function createPostgresDb(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID || oid === TIME_OID
          ? asText
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle pooled connection that the server ends (restart, failover, an administrator's
  // terminate) is dropped from the pool and replaced on next use; without this listener the
  // pool's 'error' event would crash the whole process instead.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** PGlite in DATA_DIR/pglite unless DATABASE_URL names a PostgreSQL server. */
export async function createDb(env: {
  databaseUrl: string | null;
  databasePoolMax?: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (env.databaseUrl) return createPostgresDb(env.databaseUrl, env.databasePoolMax);
  return createPgliteDb({ dataDir: join(env.dataDir, 'pglite') });
}
