import type { SupportedLocale } from '@portal/contract';
import type { ColumnType, Generated } from 'kysely';

/**
 * Tables added for booking (migration 003-booking): patients, booking
 * keys, appointments, booking requests, resource bookings (appointments and
 * holds under one exclusion constraint), temporary documents, outbox messages
 * and audit events. `Database` in ../database.ts extends this interface.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type AppointmentStatus =
  | 'BOOKED'
  | 'PENDING'
  | 'CANCELED'
  | 'COMPLETED'
  | 'NO_SHOW'
  /** Migration 006: declined with the DECLINE_APPOINTMENT questionnaire. */
  | 'DECLINED_BY_PATIENT'
  /** Migration 012: moved to another slot / another exam or clinic (see replaced_by). */
  | 'RESCHEDULED'
  | 'CHANGED';
export type BookingRequestStatus = 'RECEIVED' | 'CONTACTED' | 'BOOKED' | 'CLOSED' | 'CANCELED';
/** Migration 030 (docs/product/chat.md). */
export type BookingRequestType = 'PATIENT' | 'CHAT';
export type BookingKeyStatus = 'RESERVED' | 'USED';
export type ResourceBookingKind = 'APPOINTMENT' | 'HOLD';
/** WEBHOOK (migration 020): an event for the provider's systems, its JSON payload as body_text. */
export type OutboxChannel = 'EMAIL' | 'SMS' | 'WEBHOOK';
export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED';

/** Identity facts of a patient; never logged, never returned raw. */
export interface PatientsTable {
  id: Generated<string>;
  title: string | null;
  first_name: string;
  last_name: string;
  /** 'YYYY-MM-DD' text (see create-db.ts). */
  date_of_birth: string;
  sex: 'FEMALE' | 'MALE' | 'INDETERMINATE';
  email: string;
  contact_number: string;
  postal_code: string;
  medicare_number: string | null;
  created_at: CreatedAt;
  /** Migration 019: what a patient may ask to change besides the booking form's fields. */
  street_address: string | null;
  suburb: string | null;
  state: string | null;
  /** Ids of config/patient-details.json's options. */
  ethnicity_id: number | null;
  insurance_type_id: number | null;
  insurance_number: string | null;
  validation_code: string | null;
  /**
   * Migration 027: the language the patient booked in; their messages are written in it.
   * Migration 029: NULL when the booking named none (then the provider's default, decision 035).
   */
  locale: SupportedLocale | null;
}

export interface BookingKeysTable {
  key: string;
  status: Generated<BookingKeyStatus>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AppointmentsTable {
  id: Generated<string>;
  booking_key: string;
  exam_id: number;
  clinic_id: number;
  resource_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: AppointmentStatus;
  patient_id: string;
  staff_booking: Generated<boolean>;
  patient_notes: string | null;
  created_at: CreatedAt;
  /** Migration 012: the appointment that took this one's place (RESCHEDULED, CHANGED). */
  replaced_by: string | null;
  calendar_uid: Generated<string>;
  calendar_sequence: Generated<number>;
  cancel_reason: string | null;
  cancel_note: string | null;
  confirmed_at: NullableTimestamp;
  ended_at: NullableTimestamp;
}

export interface BookingRequestsTable {
  id: Generated<string>;
  booking_key: string;
  clinic_id: number | null;
  preferred_start: NullableTimestamp;
  status: Generated<BookingRequestStatus>;
  patient_id: string;
  staff_booking: Generated<boolean>;
  patient_notes: string | null;
  created_at: CreatedAt;
  /** Migration 012: a patient's cancellation. */
  cancel_reason: string | null;
  cancel_note: string | null;
  canceled_at: NullableTimestamp;
  /** Migration 030: who is handling it, the front desk (PATIENT) or the chat desk (CHAT). */
  request_type: Generated<BookingRequestType>;
}

export interface BookingRequestExamsTable {
  booking_request_id: string;
  exam_id: number;
  position: number;
}

/**
 * One row per appointment or live hold on a resource. `period` is a
 * tstzrange '[start,end)'; write it with sql`tstzrange(${start}, ${end}, '[)')`.
 * EXCLUDE USING gist (resource_id WITH =, period WITH &&): an overlapping
 * insert fails with SQLSTATE 23P01.
 */
export interface ResourceBookingsTable {
  id: Generated<string>;
  resource_id: number;
  period: ColumnType<string, string, string>;
  kind: ResourceBookingKind;
  expires_at: NullableTimestamp;
  appointment_id: string | null;
  booking_key: string | null;
  created_at: CreatedAt;
}

export interface TemporaryDocumentsTable {
  id: Generated<string>;
  booking_key: string;
  exam_slug: string | null;
  group_name: string | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  /** Migration 015: the type the document was uploaded as, if any. */
  document_type_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: OutboxChannel;
  template: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  delivered_via: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
  /** Migration 012: the e-mail carries this key's appointments as calendar files. */
  calendar_booking_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 024: the QR codes the e-mail shows inline, drawn when it is sent. */
  qr_codes: ColumnType<InlineQrCode[] | null, string | null | undefined, string | null>;
}

/** One QR code of an e-mail: its Content-ID in the HTML and the text it encodes. */
export interface InlineQrCode {
  cid: string;
  text: string;
}

/** Append-only (a trigger refuses UPDATE and DELETE). Details carry ids, never patient data. */
export interface AuditEventsTable {
  id: Generated<string>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  client_address: string | null;
  request_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  /** The kiosk the request came from (migration 022): its device id and name, else null. */
  kiosk_device_id: Generated<string | null>;
  kiosk_device_name: Generated<string | null>;
}

export interface BookingTables {
  patients: PatientsTable;
  booking_keys: BookingKeysTable;
  appointments: AppointmentsTable;
  booking_requests: BookingRequestsTable;
  booking_request_exams: BookingRequestExamsTable;
  resource_bookings: ResourceBookingsTable;
  temporary_documents: TemporaryDocumentsTable;
  outbox_messages: OutboxMessagesTable;
  audit_events: AuditEventsTable;
}
