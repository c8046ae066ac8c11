import { type Kysely, sql } from 'kysely';

/**
 * Questionnaires. A definition keeps every version it has had, so
 * an answer names the exact version (questions and outcome rules) it was
 * given to. Answers hang off a booking key: temporary ones (before a booking
 * exists) carry only the key and move with it on re-key; later ones also name
 * the appointment or booking request. Exam changes and booking-request api
 * keys are what outcomes allowed, recorded by the server so the browser
 * cannot invent them.
 */
const types = [
  'REQUIRED_ON_CONFIRMATION',
  'FEEDBACK',
  'DECLINE_APPOINTMENT',
  'CANCEL_APPOINTMENT_PATIENT',
  'CREATE_BOOKING_REQUEST',
  'CREATE_BOOKING_REQUEST_REFERRER',
  'PAIN_SCORE_INITIAL',
  'PAIN_SCORE_FINAL',
  'PROTOCOL',
  'MODALITY_ROUTING',
  'BOOKING_FORM',
]
  .map((type) => `'${type}'`)
  .join(', ');

const up: string[] = [
  `CREATE TABLE questionnaires (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug text NOT NULL UNIQUE,
    current_version integer NOT NULL CHECK (current_version > 0),
    sort_order integer NOT NULL DEFAULT 0,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE questionnaire_versions (
    questionnaire_id uuid NOT NULL REFERENCES questionnaires (id),
    version integer NOT NULL CHECK (version > 0),
    type text NOT NULL CHECK (type IN (${types})),
    title text NOT NULL,
    modal_size text NOT NULL CHECK (modal_size IN ('SM', 'MD', 'LG', 'XL')),
    show_closing_confirmation boolean NOT NULL,
    general boolean NOT NULL,
    required_before_booking boolean NOT NULL,
    exam_slugs text[] NOT NULL,
    modality_slugs text[] NOT NULL,
    survey jsonb NOT NULL,
    outcome_rules jsonb NOT NULL,
    content_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (questionnaire_id, version)
  )`,
  `CREATE TABLE questionnaire_answers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY,
    booking_key text NOT NULL,
    appointment_id uuid REFERENCES appointments (id),
    booking_request_id uuid REFERENCES booking_requests (id),
    questionnaire_id uuid NOT NULL,
    questionnaire_version integer NOT NULL,
    exam_slugs text[] NOT NULL,
    result jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (questionnaire_id, questionnaire_version)
      REFERENCES questionnaire_versions (questionnaire_id, version)
  )`,
  'CREATE INDEX questionnaire_answers_booking_key_idx ON questionnaire_answers (booking_key, seq)',
  `CREATE TABLE questionnaire_exam_changes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL,
    old_slug text NOT NULL,
    oldest_slug text NOT NULL,
    new_slug text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (booking_key, old_slug)
  )`,
  `CREATE TABLE booking_request_api_keys (
    api_key text PRIMARY KEY,
    booking_key text NOT NULL UNIQUE,
    confirmation_message text,
    booking_request_id uuid REFERENCES booking_requests (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz
  )`,
  // A patient may decline an appointment offered to them (DECLINE_APPOINTMENT questionnaire).
  'ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_status_check',
  `ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
    CHECK (status IN ('BOOKED', 'PENDING', 'CANCELED', 'COMPLETED', 'NO_SHOW', 'DECLINED_BY_PATIENT'))`,
];

const down: string[] = [
  'ALTER TABLE appointments DROP CONSTRAINT IF EXISTS appointments_status_check',
  `ALTER TABLE appointments ADD CONSTRAINT appointments_status_check
    CHECK (status IN ('BOOKED', 'PENDING', 'CANCELED', 'COMPLETED', 'NO_SHOW'))`,
  'DROP TABLE IF EXISTS booking_request_api_keys',
  'DROP TABLE IF EXISTS questionnaire_exam_changes',
  'DROP TABLE IF EXISTS questionnaire_answers',
  'DROP TABLE IF EXISTS questionnaire_versions',
  'DROP TABLE IF EXISTS questionnaires',
];

export const migration006 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
