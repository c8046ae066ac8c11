import { type Kysely, sql } from 'kysely';

/**
 * appointment_results.accession_number: the PACS's accession number of the appointment's study
 * (docs/product/images.md). The provider gives it with the report; the image viewer finds the
 * study by it and checks that a patient asks only for their own. Not unique: a provider may
 * reuse one study for two appointments (e.g. a bilateral exam booked as two).
 */
const up = [
  `ALTER TABLE appointment_results ADD COLUMN accession_number text
    CHECK (accession_number IS NULL OR (length(accession_number) BETWEEN 1 AND 64))`,
  `CREATE INDEX appointment_results_accession_number_idx ON appointment_results (accession_number)
    WHERE accession_number IS NOT NULL`,
];

const down = [
  'DROP INDEX IF EXISTS appointment_results_accession_number_idx',
  'ALTER TABLE appointment_results DROP COLUMN accession_number',
];

export const migration025 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
