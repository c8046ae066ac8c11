import type { Db } from '../../db/database.ts';
import { currentKioskDevice } from './kiosk-device.ts';

/** Who asked, as every audit entry records it (plugins/request-context.ts reads it from a request). */
export interface RequestContext {
  clientAddress: string | null;
  requestId: string | null;
}

/** One entry of the audit trail (DESIGN's rule: every read or change of patient data). */
export interface AuditEvent {
  /** Who acted: 'patient' (a signed-in session), 'public' (a booking-key holder), 'system'. */
  actor: string;
  action: string;
  /** 'booking_key' events name the key by its SHA-256, never the key itself. */
  subjectType: string;
  subjectId: string;
  clientAddress: string | null;
  requestId: string | null;
  /** Ids, counts, flags and types only: never names, dates of birth, contacts, codes or keys. */
  details?: Record<string, string | number | boolean | null | string[]>;
}

/**
 * Appends to audit_events: the API has no way to change or delete an entry. An event of a
 * request from a kiosk names the device (kiosk-device.ts).
 */
export async function insertAuditEvent(db: Db, event: AuditEvent, now: Date): Promise<void> {
  const device = currentKioskDevice();
  await db
    .insertInto('audit_events')
    .values({
      occurred_at: now,
      actor: event.actor,
      action: event.action,
      subject_type: event.subjectType,
      subject_id: event.subjectId,
      client_address: event.clientAddress,
      request_id: event.requestId,
      details: JSON.stringify(event.details ?? {}),
      kiosk_device_id: device?.id ?? null,
      kiosk_device_name: device?.name ?? null,
    })
    .execute();
}

/** Whether an action was already recorded for a subject (makes a one-time action idempotent). */
export async function hasAuditEvent(db: Db, action: string, subjectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_events')
    .select('id')
    .where('action', '=', action)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row !== undefined;
}
