import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type AttachedWrite, attachedWrite } from '../../db/statement-parts.ts';
import type { InlineQrCode, OutboxChannel, OutboxStatus } from '../../db/tables/booking-tables.ts';

export type { InlineQrCode };

export interface NewOutboxMessage {
  channel: OutboxChannel;
  template: string;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  /** An e-mail with this key's appointments attached as calendar files (built when sent). */
  calendarBookingKey?: string | null;
  /** QR codes the e-mail's HTML shows as cid:{cid} images (drawn when sent). */
  qrCodes?: InlineQrCode[] | null;
}

export interface OutboxMessageRow {
  id: string;
  channel: OutboxChannel;
  template: string;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  deliveredVia: string | null;
  createdAt: Date;
  sentAt: Date | null;
  calendarBookingKey: string | null;
  qrCodes: InlineQrCode[] | null;
}

const columns = [
  'id',
  'channel',
  'template',
  'recipient',
  'subject',
  'body_text',
  'body_html',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'delivered_via',
  'created_at',
  'sent_at',
  'calendar_booking_key',
  'qr_codes',
] as const;

type Row = {
  id: string;
  channel: OutboxChannel;
  template: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  delivered_via: string | null;
  created_at: Date;
  sent_at: Date | null;
  calendar_booking_key: string | null;
  qr_codes: InlineQrCode[] | null;
};

const toMessage = (row: Row): OutboxMessageRow => ({
  id: row.id,
  channel: row.channel,
  template: row.template,
  recipient: row.recipient,
  subject: row.subject,
  bodyText: row.body_text,
  bodyHtml: row.body_html,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: new Date(row.next_attempt_at),
  lastError: row.last_error,
  deliveredVia: row.delivered_via,
  createdAt: new Date(row.created_at),
  sentAt: row.sent_at ? new Date(row.sent_at) : null,
  calendarBookingKey: row.calendar_booking_key,
  qrCodes: row.qr_codes,
});

const qrCodesJson = (message: NewOutboxMessage) =>
  message.qrCodes?.length ? JSON.stringify(message.qrCodes) : null;

/** Queues messages; call inside the transaction that creates what they announce. */
export async function insertOutboxMessages(
  db: Db,
  messages: NewOutboxMessage[],
  now: Date,
): Promise<number> {
  return (await queueOutboxMessages(db, messages, now)).length;
}

/** The same, answering the new messages' ids (to withdraw them later, e.g. a reminder's). */
export async function queueOutboxMessages(
  db: Db,
  messages: NewOutboxMessage[],
  now: Date,
): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insertInto('outbox_messages')
    .values(
      messages.map((message) => ({
        channel: message.channel,
        template: message.template,
        recipient: message.recipient,
        subject: message.subject,
        body_text: message.bodyText,
        body_html: message.bodyHtml,
        next_attempt_at: now,
        calendar_booking_key: message.calendarBookingKey ?? null,
        qr_codes: qrCodesJson(message),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * `messages` queued by another module's statement, exactly when that
 * statement's main write happens (e.g. a booking key consumed). Lets a booking
 * queue its confirmation in the same round trip, while the outbox table stays
 * this module's business (decision 017).
 */
export function queuedWithStatement(messages: NewOutboxMessage[], now: Date): AttachedWrite {
  return attachedWrite(
    (gate) => sql`INSERT INTO outbox_messages (channel, template, recipient, subject, body_text,
      body_html, calendar_booking_key, qr_codes, next_attempt_at)
    SELECT v.channel, v.template, v.recipient, v.subject, v.body_text, v.body_html,
      v.calendar_booking_key, v.qr_codes, ${now.toISOString()}::timestamptz
    FROM (VALUES ${sql.join(
      messages.map(
        (message, position) =>
          sql`(${position}::integer, ${message.channel}::text, ${message.template}::text,
            ${message.recipient}::text, ${message.subject}::text, ${message.bodyText}::text,
            ${message.bodyHtml}::text, ${message.calendarBookingKey ?? null}::text,
            ${qrCodesJson(message)}::jsonb)`,
      ),
    )}) AS v (position, channel, template, recipient, subject, body_text, body_html,
      calendar_booking_key, qr_codes)
    CROSS JOIN ${gate}
    ORDER BY v.position
    RETURNING id`,
  );
}

/**
 * Claims up to `limit` due messages for one worker: the rows are locked with
 * FOR UPDATE SKIP LOCKED (another worker skips them instead of waiting) and
 * leased by moving next_attempt_at to `leaseUntil` and counting the attempt,
 * all in one statement. A worker that dies mid-send leaves the lease to expire.
 */
export async function claimDueMessages(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
  /** Only these channels (a channel without real delivery in production waits). */
  channels: ReadonlyArray<OutboxChannel> = ['EMAIL', 'SMS'],
): Promise<OutboxMessageRow[]> {
  const rows = await db
    .with('due', (qb) =>
      qb
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '=', 'PENDING')
        .where('channel', 'in', [...channels])
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('outbox_messages')
    .from('due')
    .whereRef('outbox_messages.id', '=', 'due.id')
    .set((eb) => ({
      attempts: eb('outbox_messages.attempts', '+', 1),
      next_attempt_at: leaseUntil,
    }))
    .returning(columns.map((column) => `outbox_messages.${column}` as const))
    .execute();
  return (rows as Row[]).map(toMessage);
}

/**
 * Marks a delivered message SENT; false when it was no longer PENDING (another worker, whose
 * lease this one outlived, settled it first): the first outcome stands.
 */
export async function markSent(db: Db, id: string, via: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'SENT', sent_at: now, delivered_via: via, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed attempt: try again at `nextAttemptAt`, or give up (FAILED) when it is null. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  nextAttemptAt: Date | null,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set(
      nextAttemptAt
        ? { last_error: error, next_attempt_at: nextAttemptAt }
        : { last_error: error, status: 'FAILED' },
    )
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A FAILED message queued again as it was, under the same id (a webhook receiver drops a
 * repeat by that id): PENDING, due now, its attempts counted afresh. False when not FAILED.
 */
export async function requeueFailedMessage(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ status: 'PENDING', attempts: 0, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Newest first, for the development outbox page, API and CLI. */
export async function listLatestMessages(db: Db, limit: number): Promise<OutboxMessageRow[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy(sql`id`)
    .limit(limit)
    .execute();
  return (rows as Row[]).map(toMessage);
}
