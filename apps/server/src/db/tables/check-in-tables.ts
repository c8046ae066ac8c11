import type { ColumnType, Generated } from 'kysely';

/** Migration 020: check-ins (docs/product/check-in.md). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export type CheckInState = 'QUEUED' | 'DELIVERED' | 'FAILED';

export interface CheckInsTable {
  id: Generated<string>;
  appointment_id: string;
  booking_key: string;
  channel: 'HOME' | 'KIOSK';
  kiosk_device_name: string | null;
  referrer_id: string | null;
  referrer_first_name: string | null;
  referrer_last_name: string | null;
  referrer_provider_number: string | null;
  referrer_practice_name: string | null;
  /** 'YYYY-MM-DD' text (see create-db.ts). */
  date_of_referral: string | null;
  /** Sensitive: never logged; every read and change audited. */
  medicare_number: string | null;
  medicare_irn: number | null;
  gender: 'FEMALE' | 'MALE' | 'OTHER' | null;
  state: Generated<CheckInState>;
  outbox_message_id: string;
  submitted_at: Timestamp;
  delivered_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  acknowledged_at: NullableTimestamp;
  acknowledged_by: string | null;
}

export interface CheckInTables {
  check_ins: CheckInsTable;
}
