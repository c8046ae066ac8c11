import { type Kysely, sql } from 'kysely';

/**
 * Patient detail change requests (docs/product/patient-detail-changes.md, decision 025).
 *
 * - patients gains what a radiology provider records beyond the booking form and a patient
 *   may ask to change: a postal address (street, suburb, state; the postcode was there), the
 *   ethnicity and insurance type (ids of config/patient-details.json's options, so no foreign
 *   key: the provider's list may change), the insurance membership number, and the validation
 *   code a booking's questionnaire outcome may require (`validationCodeRequired`, issue 5).
 * - patient_change_requests: one request listing each field's old and new value (`changes`,
 *   a jsonb array of {field, oldValue, newValue}); PENDING until the provider accepts or
 *   rejects it or the patient withdraws it. At most one PENDING request per patient record
 *   (the partial unique index), so a decision never has to merge two.
 */
const up = [
  'ALTER TABLE patients ADD COLUMN street_address text CHECK (length(street_address) <= 120)',
  'ALTER TABLE patients ADD COLUMN suburb text CHECK (length(suburb) <= 60)',
  'ALTER TABLE patients ADD COLUMN state text CHECK (length(state) <= 30)',
  'ALTER TABLE patients ADD COLUMN ethnicity_id integer CHECK (ethnicity_id > 0)',
  'ALTER TABLE patients ADD COLUMN insurance_type_id integer CHECK (insurance_type_id > 0)',
  'ALTER TABLE patients ADD COLUMN insurance_number text CHECK (length(insurance_number) <= 30)',
  'ALTER TABLE patients ADD COLUMN validation_code text CHECK (length(validation_code) <= 40)',
  `CREATE TABLE patient_change_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    patient_id uuid NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
    booking_key text NOT NULL REFERENCES booking_keys (key) ON DELETE CASCADE,
    origin text NOT NULL CHECK (origin IN ('BOOKING_REQUEST', 'APPOINTMENT', 'CONFIRMATION')),
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED', 'WITHDRAWN')),
    changes jsonb NOT NULL CHECK (jsonb_typeof(changes) = 'array' AND jsonb_array_length(changes) > 0),
    requested_at timestamptz NOT NULL,
    decided_at timestamptz,
    decided_by text CHECK (length(decided_by) <= 100),
    decision_note text CHECK (length(decision_note) <= 500),
    CHECK ((status = 'PENDING') = (decided_at IS NULL)),
    CHECK (decided_at IS NULL OR decided_at >= requested_at)
  )`,
  `CREATE UNIQUE INDEX patient_change_requests_one_pending_idx
    ON patient_change_requests (patient_id) WHERE status = 'PENDING'`,
  `CREATE INDEX patient_change_requests_status_idx
    ON patient_change_requests (status, requested_at)`,
  'CREATE INDEX patient_change_requests_booking_key_idx ON patient_change_requests (booking_key)',
];

const down = [
  'DROP TABLE IF EXISTS patient_change_requests',
  'ALTER TABLE patients DROP COLUMN IF EXISTS validation_code',
  'ALTER TABLE patients DROP COLUMN IF EXISTS insurance_number',
  'ALTER TABLE patients DROP COLUMN IF EXISTS insurance_type_id',
  'ALTER TABLE patients DROP COLUMN IF EXISTS ethnicity_id',
  'ALTER TABLE patients DROP COLUMN IF EXISTS state',
  'ALTER TABLE patients DROP COLUMN IF EXISTS suburb',
  'ALTER TABLE patients DROP COLUMN IF EXISTS street_address',
];

export const migration019 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
