import type { ColumnType, Generated } from 'kysely';

/** Migration 019: patient detail change requests (docs/product/patient-detail-changes.md). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** One field of a request, as stored in `changes` (the contract's patientFieldChangeSchema). */
export interface StoredFieldChange {
  field: string;
  oldValue: string | number | null;
  newValue: string | number | null;
}

export interface PatientChangeRequestsTable {
  id: Generated<string>;
  patient_id: string;
  booking_key: string;
  origin: 'BOOKING_REQUEST' | 'APPOINTMENT' | 'CONFIRMATION';
  status: Generated<'PENDING' | 'ACCEPTED' | 'REJECTED' | 'WITHDRAWN' | 'EXPIRED'>;
  /** Written as JSON text, read back parsed. */
  changes: ColumnType<StoredFieldChange[], string, string>;
  requested_at: Timestamp;
  decided_at: NullableTimestamp;
  decided_by: string | null;
  decision_note: string | null;
}

export interface PatientChangeTables {
  patient_change_requests: PatientChangeRequestsTable;
}
