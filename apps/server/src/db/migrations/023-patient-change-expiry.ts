import { type Kysely, sql } from 'kysely';

/**
 * A pending patient detail change request expires after config/patient-details.json's
 * pendingRequestDays (docs/product/patient-detail-changes.md#expiry): a request the clinic never
 * decided should not wait for ever, nor hold the patient's one pending place, nor be accepted
 * months later over details that have moved on. EXPIRED is an ended status like the others
 * (decided_at set, by 'system').
 */
const up = [
  'ALTER TABLE patient_change_requests DROP CONSTRAINT patient_change_requests_status_check',
  `ALTER TABLE patient_change_requests ADD CONSTRAINT patient_change_requests_status_check
    CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'))`,
];

const down = [
  `UPDATE patient_change_requests SET status = 'WITHDRAWN' WHERE status = 'EXPIRED'`,
  'ALTER TABLE patient_change_requests DROP CONSTRAINT patient_change_requests_status_check',
  `ALTER TABLE patient_change_requests ADD CONSTRAINT patient_change_requests_status_check
    CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED', 'WITHDRAWN'))`,
];

export const migration023 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
