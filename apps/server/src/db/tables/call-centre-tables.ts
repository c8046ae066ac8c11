import type { ColumnType, Generated } from 'kysely';

/** Migration 032: messages and callback requests to the call centre (decision 044). */
type Timestamp = ColumnType<Date, Date | string, never>;
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T | null, string | null, string | null>;

export interface CallCentreRequestsTable {
  id: Generated<string>;
  booking_key: string;
  scope: 'APPOINTMENT' | 'BOOKING_REQUEST';
  kind: 'MESSAGE' | 'CALLBACK';
  status: 'SENT' | 'PENDING' | 'DONE';
  topic: string | null;
  message: string | null;
  phone: string | null;
  windows: Json<Array<{ date: string; from: string; to: string }>>;
  time_zone: string | null;
  reason: string | null;
  created_at: Timestamp;
  done_at: ColumnType<Date | null, Date | null | undefined, Date>;
  done_by: string | null;
}

export interface CallCentreTables {
  call_centre_requests: CallCentreRequestsTable;
}
