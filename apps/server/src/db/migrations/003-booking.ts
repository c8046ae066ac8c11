import { type Kysely, sql } from 'kysely';

/**
 * Booking: patients, booking keys, appointments, booking requests,
 * resource bookings (appointments and slot holds under ONE exclusion
 * constraint, so they can never overlap on a resource), temporary referral
 * documents, the notification outbox and the append-only audit log.
 * Plain SQL, one statement at a time, so PGlite and PostgreSQL run the same text.
 */
const up: string[] = [
  `CREATE TABLE patients (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    title text,
    first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 80),
    last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 80),
    date_of_birth date NOT NULL,
    sex text NOT NULL CHECK (sex IN ('FEMALE', 'MALE', 'INDETERMINATE')),
    email text NOT NULL CHECK (email ~ '^[^@\\s]+@[^@\\s]+$'),
    contact_number text NOT NULL CHECK (contact_number ~ '^\\+?[0-9]{8,15}$'),
    postal_code text NOT NULL,
    medicare_number text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE booking_keys (
    key text PRIMARY KEY CHECK (key ~ '^[A-Za-z0-9_-]{22,64}$'),
    status text NOT NULL DEFAULT 'RESERVED' CHECK (status IN ('RESERVED', 'USED')),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    CHECK ((status = 'USED') = (used_at IS NOT NULL)),
    CHECK (expires_at > created_at)
  )`,
  `CREATE INDEX booking_keys_reserved_expires_idx ON booking_keys (expires_at) WHERE status = 'RESERVED'`,

  `CREATE TABLE appointments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL REFERENCES booking_keys (key),
    exam_id integer NOT NULL REFERENCES exams (id),
    clinic_id integer NOT NULL REFERENCES clinics (id),
    resource_id integer NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    status text NOT NULL CHECK (status IN ('BOOKED', 'PENDING', 'CANCELED', 'COMPLETED', 'NO_SHOW')),
    patient_id uuid NOT NULL REFERENCES patients (id),
    staff_booking boolean NOT NULL DEFAULT false,
    patient_notes text CHECK (length(patient_notes) <= 1000),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at),
    -- The resource belongs to the clinic the appointment is at.
    FOREIGN KEY (resource_id, clinic_id) REFERENCES resources (id, clinic_id)
  )`,
  'CREATE INDEX appointments_booking_key_idx ON appointments (booking_key)',
  'CREATE INDEX appointments_clinic_starts_idx ON appointments (clinic_id, starts_at)',
  'CREATE INDEX appointments_patient_id_idx ON appointments (patient_id)',

  `CREATE TABLE booking_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL UNIQUE REFERENCES booking_keys (key),
    clinic_id integer REFERENCES clinics (id),
    preferred_start timestamptz,
    status text NOT NULL DEFAULT 'RECEIVED' CHECK (status IN ('RECEIVED', 'CONTACTED', 'BOOKED', 'CLOSED')),
    patient_id uuid NOT NULL REFERENCES patients (id),
    staff_booking boolean NOT NULL DEFAULT false,
    patient_notes text CHECK (length(patient_notes) <= 1000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX booking_requests_patient_id_idx ON booking_requests (patient_id)',
  `CREATE TABLE booking_request_exams (
    booking_request_id uuid NOT NULL REFERENCES booking_requests (id) ON DELETE CASCADE,
    exam_id integer NOT NULL REFERENCES exams (id),
    position smallint NOT NULL CHECK (position >= 0),
    PRIMARY KEY (booking_request_id, exam_id)
  )`,

  // Appointments and holds share one table so the exclusion constraint covers both.
  // Slot search subtracts kind = 'APPOINTMENT' rows and kind = 'HOLD' rows with expires_at > now().
  `CREATE TABLE resource_bookings (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
    period tstzrange NOT NULL CHECK (NOT isempty(period) AND lower_inc(period) AND NOT upper_inc(period)),
    kind text NOT NULL CHECK (kind IN ('APPOINTMENT', 'HOLD')),
    expires_at timestamptz,
    appointment_id uuid UNIQUE REFERENCES appointments (id) ON DELETE CASCADE,
    -- The booking attempt a hold belongs to (only that key may turn it into an appointment).
    booking_key text REFERENCES booking_keys (key) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'HOLD') = (expires_at IS NOT NULL)),
    CHECK ((kind = 'APPOINTMENT') = (appointment_id IS NOT NULL)),
    CONSTRAINT resource_bookings_no_overlap EXCLUDE USING gist (resource_id WITH =, period WITH &&)
  )`,
  `CREATE INDEX resource_bookings_hold_expires_idx ON resource_bookings (expires_at) WHERE kind = 'HOLD'`,
  'CREATE INDEX resource_bookings_booking_key_idx ON resource_bookings (booking_key)',

  `CREATE TABLE temporary_documents (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL REFERENCES booking_keys (key) ON DELETE CASCADE,
    exam_slug text,
    group_name text CHECK (length(group_name) <= 100),
    file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    content_type text NOT NULL,
    size_bytes integer NOT NULL CHECK (size_bytes > 0),
    storage_key text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX temporary_documents_booking_key_idx ON temporary_documents (booking_key)',

  `CREATE TABLE outbox_messages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    template text NOT NULL,
    recipient text NOT NULL,
    subject text,
    body_text text NOT NULL,
    body_html text,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error text,
    delivered_via text,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    CHECK ((status = 'SENT') = (sent_at IS NOT NULL)),
    CHECK (channel = 'SMS' OR subject IS NOT NULL)
  )`,
  `CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at) WHERE status = 'PENDING'`,
  'CREATE INDEX outbox_messages_created_at_idx ON outbox_messages (created_at DESC)',

  // Who did what, when, from where. Never updated or deleted (the trigger refuses).
  `CREATE TABLE IF NOT EXISTS audit_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    actor text NOT NULL,
    action text NOT NULL,
    subject_type text NOT NULL,
    subject_id text NOT NULL,
    client_address text,
    request_id text,
    details jsonb NOT NULL DEFAULT '{}'
  )`,
  'CREATE INDEX IF NOT EXISTS audit_events_subject_idx ON audit_events (subject_type, subject_id)',
  `CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'audit_events is append-only';
  END
  $$`,
  `CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
];

const down = [
  'DROP TABLE IF EXISTS audit_events',
  'DROP FUNCTION IF EXISTS audit_events_append_only()',
  'DROP TABLE IF EXISTS outbox_messages',
  'DROP TABLE IF EXISTS temporary_documents',
  'DROP TABLE IF EXISTS resource_bookings',
  'DROP TABLE IF EXISTS booking_request_exams',
  'DROP TABLE IF EXISTS booking_requests',
  'DROP TABLE IF EXISTS appointments',
  'DROP TABLE IF EXISTS booking_keys',
  'DROP TABLE IF EXISTS patients',
];

export const migration003 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
