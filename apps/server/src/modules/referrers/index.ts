import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  type DirectoryRow,
  importReferrerCsv,
  type ReferrerImportResult,
  saveDirectoryRows,
} from './referrer-import.ts';
import { registerReferrerRoutes } from './referrers.routes.ts';
import { createReferrerService, type Referrer } from './referrers.service.ts';
import { createReferrerStore } from './referrers-store.ts';

export {
  type DirectoryRow,
  type ImportProblem,
  type ReferrerImportResult,
  referrerCsvColumns,
} from './referrer-import.ts';
export { doctorSearchMaxLength, type Referrer } from './referrers.service.ts';

/**
 * The doctor a check-in names as its referrer (the check-in form's `referrer`: one doctor at one
 * practice location), or null when the directory has no such row.
 */
export function findReferrer(db: Db, id: string): Promise<Referrer | null> {
  return createReferrerService({ store: createReferrerStore(db) }).findReferrer(id);
}

/** The doctor search as the routes run it, for the benchmark (bench/referrers.ts). */
export function searchReferrers(db: Db, text: string) {
  return createReferrerService({ store: createReferrerStore(db) }).search(text);
}

/** The CSV import (`npm run referrers -- import <file.csv>`; referrer-import.ts). */
export function importReferrers(
  deps: { db: Db; clock: Clock },
  csv: string,
  options: { skipInvalid?: boolean } = {},
): Promise<ReferrerImportResult> {
  return importReferrerCsv(
    { store: createReferrerStore(deps.db), clock: deps.clock },
    csv,
    options,
  );
}

/**
 * Saves doctors at their practice locations as the import does, without a file: the demo seed
 * (db/seed/demo-referrers.ts). Idempotent: saving the same rows again changes nothing.
 */
export async function saveReferrerDirectory(
  db: Db,
  rows: readonly DirectoryRow[],
  now: Date,
): Promise<void> {
  await saveDirectoryRows(createReferrerStore(db), rows, now);
}

/** How many doctors and practice locations the directory holds (the CLI's summary). */
export function countReferrerDirectory(db: Db) {
  return createReferrerStore(db).countDirectory();
}

export interface ReferrersModuleDeps {
  db: Kysely<Database>;
}

/** The referrer directory (docs/product/referrers.md): the check-in form's doctor search. */
export async function referrersModule(app: FastifyInstance, deps: ReferrersModuleDeps) {
  registerReferrerRoutes(app, createReferrerService({ store: createReferrerStore(deps.db) }));
}
