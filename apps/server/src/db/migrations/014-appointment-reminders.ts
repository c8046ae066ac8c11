import { type Kysely, sql } from 'kysely';

/**
 * Reminders and the links in them (docs/product/patient-portal.md#reminders):
 *
 * - appointment_reminders: one row per appointment and lead time once its reminder is
 *   queued (the primary key makes queuing it twice impossible, on any number of
 *   instances), naming the outbox messages it queued.
 * - appointment_action_links: the confirm and cancel links a reminder carries. Only a
 *   hash of the token's id is kept; a link works once (used_at) and until expires_at.
 * - When an appointment stops being BOOKED or PENDING (cancelled, moved, declined), a
 *   trigger deletes its reminders' messages not yet sent and its unused links, in the same
 *   transaction as the change: whoever changes the status, a stale reminder never goes out.
 */
const up = [
  `CREATE TABLE appointment_reminders (
    appointment_id uuid NOT NULL REFERENCES appointments (id),
    lead_hours integer NOT NULL CHECK (lead_hours BETWEEN 1 AND 336),
    queued_at timestamptz NOT NULL,
    outbox_message_ids uuid[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (appointment_id, lead_hours)
  )`,
  `CREATE TABLE appointment_action_links (
    token_hash text PRIMARY KEY CHECK (length(token_hash) = 64),
    appointment_id uuid NOT NULL REFERENCES appointments (id),
    action text NOT NULL CHECK (action IN ('CONFIRM', 'CANCEL')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    CHECK (expires_at > created_at)
  )`,
  'CREATE INDEX appointment_action_links_appointment_idx ON appointment_action_links (appointment_id)',
  `CREATE FUNCTION appointment_reminders_withdraw() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM outbox_messages
      WHERE status = 'PENDING'
        AND id IN (SELECT unnest(r.outbox_message_ids) FROM appointment_reminders r
                   WHERE r.appointment_id = NEW.id);
    DELETE FROM appointment_action_links WHERE appointment_id = NEW.id AND used_at IS NULL;
    RETURN NEW;
  END $$`,
  `CREATE TRIGGER appointment_reminders_withdraw
    AFTER UPDATE OF status ON appointments
    FOR EACH ROW
    WHEN (OLD.status IN ('BOOKED', 'PENDING') AND NEW.status NOT IN ('BOOKED', 'PENDING'))
    EXECUTE FUNCTION appointment_reminders_withdraw()`,
];

const down = [
  'DROP TRIGGER IF EXISTS appointment_reminders_withdraw ON appointments',
  'DROP FUNCTION IF EXISTS appointment_reminders_withdraw()',
  'DROP TABLE IF EXISTS appointment_action_links',
  'DROP TABLE IF EXISTS appointment_reminders',
];

export const migration014 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
