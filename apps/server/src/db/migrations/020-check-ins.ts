import { type Kysely, sql } from 'kysely';

/**
 * Check-ins (docs/product/check-in.md, decision 027).
 *
 * - outbox_messages gains the WEBHOOK channel: an event for the provider's systems (a
 *   submitted check-in), its JSON payload in body_text, its event type in subject. It is
 *   delivered by the same worker as e-mail and SMS (claim, lease, backoff).
 * - check_ins: at most one per appointment (the unique appointment_id: two concurrent
 *   submissions store one). The form's answers are kept as submitted, the referrer as the
 *   directory named them then (the directory may change). The Medicare number is sensitive:
 *   stored, never logged, every read and change audited. QUEUED until the webhook takes its
 *   message (DELIVERED, delivered_at set once) or every retry failed (FAILED).
 */
const up = [
  'ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_channel_check',
  `ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_channel_check
    CHECK (channel IN ('EMAIL', 'SMS', 'WEBHOOK'))`,
  `CREATE TABLE check_ins (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    appointment_id uuid NOT NULL UNIQUE REFERENCES appointments (id) ON DELETE CASCADE,
    booking_key text NOT NULL,
    channel text NOT NULL CHECK (channel IN ('HOME', 'KIOSK')),
    kiosk_device_name text CHECK (length(kiosk_device_name) <= 60),
    referrer_id uuid,
    referrer_first_name text CHECK (length(referrer_first_name) <= 100),
    referrer_last_name text CHECK (length(referrer_last_name) <= 100),
    referrer_provider_number text CHECK (length(referrer_provider_number) <= 12),
    referrer_practice_name text CHECK (length(referrer_practice_name) <= 200),
    date_of_referral date,
    medicare_number text CHECK (medicare_number ~ '^[2-6][0-9]{9}$'),
    medicare_irn smallint CHECK (medicare_irn BETWEEN 1 AND 9),
    gender text CHECK (gender IN ('FEMALE', 'MALE', 'OTHER')),
    state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'DELIVERED', 'FAILED')),
    outbox_message_id uuid NOT NULL UNIQUE REFERENCES outbox_messages (id),
    submitted_at timestamptz NOT NULL,
    delivered_at timestamptz,
    failed_at timestamptz,
    acknowledged_at timestamptz,
    acknowledged_by text CHECK (length(acknowledged_by) <= 100),
    CHECK ((state = 'DELIVERED') = (delivered_at IS NOT NULL)),
    CHECK ((medicare_number IS NULL) = (medicare_irn IS NULL)),
    CHECK ((referrer_id IS NULL) = (date_of_referral IS NULL))
  )`,
  'CREATE INDEX check_ins_booking_key_idx ON check_ins (booking_key, submitted_at DESC)',
  'CREATE INDEX check_ins_state_idx ON check_ins (state, submitted_at)',
];

const down = [
  'DROP TABLE IF EXISTS check_ins',
  `DELETE FROM outbox_messages WHERE channel = 'WEBHOOK'`,
  'ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_channel_check',
  `ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_channel_check
    CHECK (channel IN ('EMAIL', 'SMS'))`,
];

export const migration020 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
