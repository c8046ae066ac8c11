import type { Db } from '../../db/database.ts';

export interface ShareRow {
  id: string;
  bookingKey: string;
  patientId: string;
  type: 'RESULT' | 'HISTORY';
  appointmentId: string | null;
  contactDetails: string;
  contactDetailsType: 'EMAIL' | 'PHONE';
  contactName: string | null;
  note: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface ShareAccessRow {
  shareId: string;
  occurredAt: Date;
  clientAddress: string;
  userAgent: string | null;
}

export interface NewShare {
  bookingKey: string;
  patientId: string;
  tokenHash: string;
  type: 'RESULT' | 'HISTORY';
  appointmentId: string | null;
  contactDetails: string;
  contactDetailsType: 'EMAIL' | 'PHONE';
  contactName: string | null;
  note: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const shareColumns = [
  'result_shares.id',
  'result_shares.booking_key as bookingKey',
  'result_shares.patient_id as patientId',
  'result_shares.type',
  'result_shares.appointment_id as appointmentId',
  'result_shares.contact_details as contactDetails',
  'result_shares.contact_details_type as contactDetailsType',
  'result_shares.contact_name as contactName',
  'result_shares.note',
  'result_shares.created_at as createdAt',
  'result_shares.expires_at as expiresAt',
  'result_shares.revoked_at as revokedAt',
] as const;

const toShareRow = (row: ShareRow): ShareRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  expiresAt: new Date(row.expiresAt),
  revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
});

export async function insertShare(db: Db, share: NewShare): Promise<ShareRow> {
  const values = {
    booking_key: share.bookingKey,
    patient_id: share.patientId,
    token_hash: share.tokenHash,
    type: share.type,
    appointment_id: share.appointmentId,
    contact_details: share.contactDetails,
    contact_details_type: share.contactDetailsType,
    contact_name: share.contactName,
    note: share.note,
    created_at: share.createdAt,
    expires_at: share.expiresAt,
  };
  const row = await db
    .insertInto('result_shares')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...share, id: row.id, revokedAt: null };
}

/** The key's shares, newest first. */
export async function sharesOfKey(db: Db, bookingKey: string): Promise<ShareRow[]> {
  const rows = await db
    .selectFrom('result_shares')
    .select(shareColumns)
    .where('booking_key', '=', bookingKey)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toShareRow);
}

/** Every access to these shares, newest first. */
export async function accessesOfShares(db: Db, shareIds: string[]): Promise<ShareAccessRow[]> {
  if (shareIds.length === 0) return [];
  const rows = await db
    .selectFrom('result_share_accesses')
    .select([
      'share_id as shareId',
      'occurred_at as occurredAt',
      'client_address as clientAddress',
      'user_agent as userAgent',
    ])
    .where('share_id', 'in', shareIds)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, occurredAt: new Date(row.occurredAt) }));
}

export async function shareOfKey(
  db: Db,
  bookingKey: string,
  shareId: string,
): Promise<ShareRow | undefined> {
  const row = await db
    .selectFrom('result_shares')
    .select(shareColumns)
    .where('booking_key', '=', bookingKey)
    .where('id', '=', shareId)
    .executeTakeFirst();
  return row && toShareRow(row);
}

/** Sets revoked_at once (a second revoke keeps the first time); false when nothing changed. */
export async function revokeShare(db: Db, shareId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('result_shares')
    .set({ revoked_at: now })
    .where('id', '=', shareId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The share with this token hash and its patient's date of birth, whatever its state: the
 * caller decides (one indexed query, so an unknown token costs what a known one does).
 */
export async function shareByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<(ShareRow & { dateOfBirth: string }) | undefined> {
  const row = await db
    .selectFrom('result_shares')
    .innerJoin('patients', 'patients.id', 'result_shares.patient_id')
    .select([...shareColumns, 'patients.date_of_birth as dateOfBirth'])
    .where('result_shares.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { ...toShareRow(row), dateOfBirth: row.dateOfBirth };
}

export async function shareById(db: Db, shareId: string): Promise<ShareRow | undefined> {
  const row = await db
    .selectFrom('result_shares')
    .select(shareColumns)
    .where('id', '=', shareId)
    .executeTakeFirst();
  return row && toShareRow(row);
}

export async function insertShareAccess(
  db: Db,
  access: ShareAccessRow & { kind: 'SIGN_IN' | 'READ' },
): Promise<void> {
  await db
    .insertInto('result_share_accesses')
    .values({
      share_id: access.shareId,
      kind: access.kind,
      occurred_at: access.occurredAt,
      client_address: access.clientAddress.slice(0, 100),
      user_agent: access.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

/**
 * Claims the share's access notice: true (and the time noted) when none went since `since`,
 * in one statement, so two accesses at once send one notice.
 */
export async function claimAccessNotice(
  db: Db,
  shareId: string,
  now: Date,
  since: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('result_shares')
    .set({ last_notice_at: now })
    .where('id', '=', shareId)
    .where((eb) => eb.or([eb('last_notice_at', 'is', null), eb('last_notice_at', '<=', since)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
