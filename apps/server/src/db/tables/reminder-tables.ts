import type { ColumnType } from 'kysely';

/** Migration 014: appointment reminders and the confirm/cancel links they carry. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface AppointmentRemindersTable {
  appointment_id: string;
  lead_hours: number;
  queued_at: Timestamp;
  outbox_message_ids: ColumnType<string[], string[] | undefined, string[]>;
}

export type AppointmentLinkAction = 'CONFIRM' | 'CANCEL';

export interface AppointmentActionLinksTable {
  /** SHA-256 (hex) of the token's id: the token itself is never stored. */
  token_hash: string;
  appointment_id: string;
  action: AppointmentLinkAction;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface ReminderTables {
  appointment_reminders: AppointmentRemindersTable;
  appointment_action_links: AppointmentActionLinksTable;
}
