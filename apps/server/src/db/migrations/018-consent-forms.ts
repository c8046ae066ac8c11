import { type Kysely, sql } from 'kysely';

/**
 * Consent forms (docs/product/consent-forms.md). A form keeps every version it has had:
 * a version is the exact text the patient read (title, survey JSON) with its SHA-256, and
 * a signature names the version and repeats its hash, so a later edit of the form never
 * changes what a signature shows. Versions and signatures are never updated or deleted:
 * triggers refuse it, and a signature's own hash (decision 024) shows any change made
 * around them.
 */
const up: string[] = [
  `CREATE TABLE consent_forms (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug text NOT NULL UNIQUE,
    current_version integer NOT NULL CHECK (current_version > 0),
    sort_order integer NOT NULL DEFAULT 0,
    active boolean NOT NULL DEFAULT true,
    general boolean NOT NULL DEFAULT false,
    exam_slugs text[] NOT NULL DEFAULT '{}',
    modality_slugs text[] NOT NULL DEFAULT '{}',
    notify_patient boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE consent_form_versions (
    consent_form_id uuid NOT NULL REFERENCES consent_forms (id),
    version integer NOT NULL CHECK (version > 0),
    title text NOT NULL,
    signer_name_question text,
    survey jsonb NOT NULL,
    definition_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consent_form_id, version)
  )`,
  `CREATE TABLE consent_form_signatures (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_key text NOT NULL,
    appointment_id uuid NOT NULL REFERENCES appointments (id),
    patient_id uuid NOT NULL REFERENCES patients (id),
    consent_form_id uuid NOT NULL,
    consent_form_version integer NOT NULL,
    definition_hash text NOT NULL,
    answers jsonb NOT NULL,
    signer_name text,
    authentication_type text NOT NULL,
    otp_verified boolean NOT NULL,
    session_id text NOT NULL,
    client_address text,
    user_agent text,
    signed_at timestamptz NOT NULL,
    signature_hash text NOT NULL,
    FOREIGN KEY (consent_form_id, consent_form_version)
      REFERENCES consent_form_versions (consent_form_id, version),
    UNIQUE (appointment_id, consent_form_id)
  )`,
  'CREATE INDEX consent_form_signatures_booking_key_idx ON consent_form_signatures (booking_key)',
  `CREATE FUNCTION consent_forms_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% rows are never changed or deleted', TG_TABLE_NAME;
    END $$`,
  `CREATE TRIGGER consent_form_versions_immutable BEFORE UPDATE OR DELETE ON consent_form_versions
    FOR EACH ROW EXECUTE FUNCTION consent_forms_refuse_change()`,
  `CREATE TRIGGER consent_form_signatures_immutable BEFORE UPDATE OR DELETE ON consent_form_signatures
    FOR EACH ROW EXECUTE FUNCTION consent_forms_refuse_change()`,
];

const down: string[] = [
  'DROP TABLE IF EXISTS consent_form_signatures',
  'DROP TABLE IF EXISTS consent_form_versions',
  'DROP TABLE IF EXISTS consent_forms',
  'DROP FUNCTION IF EXISTS consent_forms_refuse_change()',
];

export const migration018 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
