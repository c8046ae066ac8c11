import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { range, underSavepoint } from './resource-bookings.repository.ts';

/**
 * Slot holds: rows of resource_bookings of kind HOLD, under the same exclusion constraint as
 * appointments (a hold and an appointment never overlap on a resource), expiring.
 */

/** Deletes holds that expired and overlap the period on these resources (they no longer count). */
export async function deleteExpiredHolds(
  db: Db,
  resourceIds: number[],
  start: Date,
  end: Date,
  now: Date,
): Promise<number> {
  if (resourceIds.length === 0) return 0;
  const result = await db
    .deleteFrom('resource_bookings')
    .where('kind', '=', 'HOLD')
    .where('expires_at', '<=', now)
    .where('resource_id', 'in', resourceIds)
    .where(sql<boolean>`period && ${range(start, end)}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Inserts a hold on the first free resource (in order); null when all are taken. */
export async function insertHoldOnFirstFreeResource(
  db: Db,
  input: { resourceIds: number[]; start: Date; end: Date; expiresAt: Date; bookingKey: string },
): Promise<{ id: string; resourceId: number } | null> {
  for (const resourceId of input.resourceIds) {
    const row = await underSavepoint(db, () =>
      db
        .insertInto('resource_bookings')
        .values({
          resource_id: resourceId,
          period: range(input.start, input.end),
          kind: 'HOLD',
          expires_at: input.expiresAt,
          booking_key: input.bookingKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    if (row) return { id: row.id, resourceId };
  }
  return null;
}

/** Deletes one hold of this booking key (live or expired); false when there is none such. */
export async function releaseHold(db: Db, holdId: string, bookingKey: string): Promise<boolean> {
  const row = await db
    .deleteFrom('resource_bookings')
    .where('id', '=', holdId)
    .where('kind', '=', 'HOLD')
    .where('booking_key', '=', bookingKey)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Live holds of one booking key. */
export async function countLiveHolds(db: Db, bookingKey: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('resource_bookings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('kind', '=', 'HOLD')
    .where('booking_key', '=', bookingKey)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A live hold of this booking key for exactly this period, on one of these resources. */
export async function findLiveHold(
  db: Db,
  input: {
    holdId: string;
    bookingKey: string;
    resourceIds: number[];
    start: Date;
    end: Date;
    now: Date;
  },
): Promise<{ id: string; resourceId: number } | undefined> {
  if (input.resourceIds.length === 0) return undefined;
  const row = await db
    .selectFrom('resource_bookings')
    .select(['id', 'resource_id'])
    .where('id', '=', input.holdId)
    .where('kind', '=', 'HOLD')
    .where('booking_key', '=', input.bookingKey)
    .where('expires_at', '>', input.now)
    .where('resource_id', 'in', input.resourceIds)
    .where(sql<boolean>`period = ${range(input.start, input.end)}`)
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: row.id, resourceId: row.resource_id } : undefined;
}
