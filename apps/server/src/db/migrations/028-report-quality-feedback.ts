import { type Kysely, sql } from 'kysely';

/**
 * Report-quality feedback (docs/product/images.md#report-quality-feedback, decision 033).
 *
 * - `questionnaires.audience`: who a questionnaire is asked of. PATIENT (every questionnaire so
 *   far) or REFERRER (the report-quality feedback page only). Kept with the questionnaire, not
 *   its versions: it says who is asked, not what answers mean, so setting it never versions a
 *   definition (questionnaire-sync.ts leaves it out of the content hash).
 * - `report_quality_feedback`: one referrer's answers about one report, named by the PACS's
 *   accession number, which is unique: one feedback per report, and of two concurrent answers
 *   the constraint keeps one. Who gave it: a viewer link's audience and token id (jti), or a
 *   single sign-on session's subject. No patient data: the accession number and the answers
 *   about the report only.
 */
const up = [
  `ALTER TABLE questionnaires ADD COLUMN audience text NOT NULL DEFAULT 'PATIENT'
    CHECK (audience IN ('PATIENT', 'REFERRER'))`,
  `CREATE TABLE report_quality_feedback (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    accession_number text NOT NULL UNIQUE CHECK (length(accession_number) BETWEEN 1 AND 64),
    questionnaire_id uuid NOT NULL,
    questionnaire_version integer NOT NULL,
    result jsonb NOT NULL,
    given_by text NOT NULL CHECK (given_by IN ('REFERRER', 'EXTERNAL', 'STAFF')),
    link_token_id text CHECK (length(link_token_id) <= 64),
    staff_subject text CHECK (length(staff_subject) <= 255),
    created_at timestamptz NOT NULL,
    FOREIGN KEY (questionnaire_id, questionnaire_version)
      REFERENCES questionnaire_versions (questionnaire_id, version),
    CHECK ((given_by = 'STAFF') = (staff_subject IS NOT NULL)),
    CHECK ((given_by = 'STAFF') = (link_token_id IS NULL))
  )`,
];

const down = [
  'DROP TABLE IF EXISTS report_quality_feedback',
  'ALTER TABLE questionnaires DROP COLUMN audience',
];

export const migration028 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
