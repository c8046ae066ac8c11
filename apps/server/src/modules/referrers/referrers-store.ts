import { type Db, storeTransaction } from '../../db/database.ts';
import * as repository from './referrers.repository.ts';

/**
 * What the referrer service and the import need from storage, bound to the database or to one
 * open transaction (ARCHITECTURE.md, "Dependencies").
 */
export interface ReferrerStore {
  transaction<T>(work: (tx: ReferrerStore) => Promise<T>): Promise<T>;
  findByPrefix(query: repository.PrefixQuery): ReturnType<typeof repository.findByPrefix>;
  findBySimilarity(
    text: string,
    field: repository.SimilarityField,
    limit: number,
  ): ReturnType<typeof repository.findBySimilarity>;
  findLocation(id: string): ReturnType<typeof repository.findLocation>;
  upsertReferrers(
    referrers: readonly repository.ReferrerUpsert[],
    now: Date,
  ): ReturnType<typeof repository.upsertReferrers>;
  upsertLocations(
    locations: ReadonlyArray<repository.LocationUpsert & { referrerId: string }>,
    now: Date,
  ): Promise<repository.UpsertCounts>;
  countDirectory(): ReturnType<typeof repository.countDirectory>;
}

export function createReferrerStore(db: Db): ReferrerStore {
  return {
    transaction: (work) => storeTransaction(db, createReferrerStore, work),
    findByPrefix: (query) => repository.findByPrefix(db, query),
    findBySimilarity: (text, field, limit) => repository.findBySimilarity(db, text, field, limit),
    findLocation: (id) => repository.findLocation(db, id),
    upsertReferrers: (referrers, now) => repository.upsertReferrers(db, referrers, now),
    upsertLocations: (locations, now) => repository.upsertLocations(db, locations, now),
    countDirectory: () => repository.countDirectory(db),
  };
}
