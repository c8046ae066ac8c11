import { type Kysely, sql } from 'kysely';

/**
 * Preparation timed from the slot (docs/product/patient-portal.md#timed-preparation):
 * `exams.preparation_steps` holds the exam's steps as a JSON array of
 * `{ minutesBefore, instruction }` (the contract's preparationStepSchema checks each
 * step; the table only insists on an array). Existing exams start with none; their
 * `prep_instructions` text is unchanged.
 */
const up = [
  `ALTER TABLE exams ADD COLUMN preparation_steps jsonb NOT NULL DEFAULT '[]'::jsonb
    CONSTRAINT exams_preparation_steps_array_check CHECK (jsonb_typeof(preparation_steps) = 'array')`,
];

const down = ['ALTER TABLE exams DROP COLUMN IF EXISTS preparation_steps'];

export const migration013 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
