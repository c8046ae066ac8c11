import { type Kysely, sql } from 'kysely';

/**
 * Attachments after booking (docs/product/attachments.md):
 * - `document_types`: the kinds of document a provider asks for. The referral, which the
 *   product itself knows (View referral, the referral download), is created here; a
 *   provider's others come with its catalogue.
 * - `exam_document_types`: which documents an exam needs, and which of them are required.
 * - `attachments`: a document on an appointment or a booking request of a booking key, with
 *   its type; the bytes live in the storage (local directory or S3) under `storage_key`.
 * - `temporary_documents.document_type_id`: the type a document uploaded while booking was
 *   given, kept when it is taken onto the appointment.
 */
const up = [
  `CREATE TABLE document_types (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
    description text NOT NULL DEFAULT '' CHECK (length(description) <= 500)
  )`,
  `INSERT INTO document_types (slug, title, description) VALUES
    ('referral', 'Referral', 'The request for this exam from your doctor or specialist.')`,
  `CREATE TABLE exam_document_types (
    exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    document_type_id integer NOT NULL REFERENCES document_types (id) ON DELETE CASCADE,
    required boolean NOT NULL DEFAULT false,
    PRIMARY KEY (exam_id, document_type_id)
  )`,
  `CREATE TABLE attachments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL REFERENCES booking_keys (key),
    appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
    booking_request_id uuid REFERENCES booking_requests (id) ON DELETE CASCADE,
    document_type_id integer REFERENCES document_types (id) ON DELETE SET NULL,
    file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    content_type text NOT NULL,
    size_bytes integer NOT NULL CHECK (size_bytes > 0),
    storage_key text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    -- On exactly one of the two.
    CHECK ((appointment_id IS NULL) <> (booking_request_id IS NULL))
  )`,
  'CREATE INDEX attachments_booking_key_idx ON attachments (booking_key)',
  'CREATE INDEX attachments_appointment_id_idx ON attachments (appointment_id)',
  'CREATE INDEX attachments_booking_request_id_idx ON attachments (booking_request_id)',
  `ALTER TABLE temporary_documents ADD COLUMN document_type_id integer
    REFERENCES document_types (id) ON DELETE SET NULL`,
];

const down = [
  'ALTER TABLE temporary_documents DROP COLUMN IF EXISTS document_type_id',
  'DROP TABLE IF EXISTS attachments',
  'DROP TABLE IF EXISTS exam_document_types',
  'DROP TABLE IF EXISTS document_types',
];

export const migration015 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
