import { type Kysely, sql } from 'kysely';

/**
 * Patients manage what they booked (docs/product/patient-portal.md#manage):
 *
 * - Appointments may end RESCHEDULED (moved to another slot) or CHANGED (another
 *   exam or clinic); `replaced_by` points at the appointment that took its place,
 *   under the same booking key, so the key's links lead to the new one.
 * - `calendar_uid` and `calendar_sequence`: the iCalendar UID stays with a booking
 *   through every move (the replacement copies it) and the SEQUENCE rises on each
 *   change (RFC 5545 §3.8.7.4), so calendars update the event instead of adding one.
 * - What the patient said when cancelling (`cancel_reason`, `cancel_note`), and when
 *   they confirmed (`confirmed_at`) or the appointment ended (`ended_at`).
 * - Booking requests may be CANCELED by the patient, with a reason and note too.
 * - outbox_messages.calendar_booking_key: an e-mail that carries the calendar files of
 *   that key's appointments, built when it is sent (so a retry sends the current ones).
 */
const up = [
  'ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_status_check',
  `ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
    CHECK (status IN ('BOOKED', 'PENDING', 'CANCELED', 'COMPLETED', 'NO_SHOW', 'DECLINED_BY_PATIENT',
      'RESCHEDULED', 'CHANGED'))`,
  'ALTER TABLE appointments ADD COLUMN replaced_by uuid REFERENCES appointments (id)',
  'ALTER TABLE appointments ADD COLUMN calendar_uid uuid NOT NULL DEFAULT gen_random_uuid()',
  `ALTER TABLE appointments ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0
    CHECK (calendar_sequence >= 0)`,
  'ALTER TABLE appointments ADD COLUMN cancel_reason text CHECK (length(cancel_reason) <= 64)',
  'ALTER TABLE appointments ADD COLUMN cancel_note text CHECK (length(cancel_note) <= 500)',
  'ALTER TABLE appointments ADD COLUMN confirmed_at timestamptz',
  'ALTER TABLE appointments ADD COLUMN ended_at timestamptz',
  // A replacement is only ever made once: the old appointment names one successor.
  `ALTER TABLE appointments ADD CONSTRAINT appointments_replaced_check
    CHECK ((replaced_by IS NOT NULL) = (status IN ('RESCHEDULED', 'CHANGED')))`,
  'ALTER TABLE booking_requests DROP CONSTRAINT IF EXISTS booking_requests_status_check',
  `ALTER TABLE booking_requests ADD CONSTRAINT booking_requests_status_check
    CHECK (status IN ('RECEIVED', 'CONTACTED', 'BOOKED', 'CLOSED', 'CANCELED'))`,
  'ALTER TABLE booking_requests ADD COLUMN cancel_reason text CHECK (length(cancel_reason) <= 64)',
  'ALTER TABLE booking_requests ADD COLUMN cancel_note text CHECK (length(cancel_note) <= 500)',
  'ALTER TABLE booking_requests ADD COLUMN canceled_at timestamptz',
  `ALTER TABLE outbox_messages ADD COLUMN calendar_booking_key text
    CHECK (length(calendar_booking_key) <= 64)`,
];

const down = [
  'ALTER TABLE outbox_messages DROP COLUMN IF EXISTS calendar_booking_key',
  'ALTER TABLE booking_requests DROP COLUMN IF EXISTS canceled_at',
  'ALTER TABLE booking_requests DROP COLUMN IF EXISTS cancel_note',
  'ALTER TABLE booking_requests DROP COLUMN IF EXISTS cancel_reason',
  'ALTER TABLE booking_requests DROP CONSTRAINT IF EXISTS booking_requests_status_check',
  `ALTER TABLE booking_requests ADD CONSTRAINT booking_requests_status_check
    CHECK (status IN ('RECEIVED', 'CONTACTED', 'BOOKED', 'CLOSED'))`,
  'ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_replaced_check',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS ended_at',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS confirmed_at',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS cancel_note',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS cancel_reason',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS calendar_sequence',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS calendar_uid',
  'ALTER TABLE appointments DROP COLUMN IF EXISTS replaced_by',
  'ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_status_check',
  `ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
    CHECK (status IN ('BOOKED', 'PENDING', 'CANCELED', 'COMPLETED', 'NO_SHOW', 'DECLINED_BY_PATIENT'))`,
];

export const migration012 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
