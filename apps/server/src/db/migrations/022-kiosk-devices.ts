import { type Kysely, sql } from 'kysely';

/**
 * Kiosk devices (docs/product/kiosk.md#check-in, docs/product/security.md#kiosk-devices).
 *
 * - authentication_attempts gains the kiosk device (the patientKioskIdentity cookie's id) an
 *   attempt came from: a kiosk is one address for a whole waiting room, so attempts are also
 *   counted per device, and a device is limited whatever address it shows.
 * - authentication_sessions gains the device a session was opened at: such a session has a
 *   short idle expiry (kioskSessionIdleMinutes), the next patient must not find it open.
 * - audit_events gains the device's id and name: every event of a request from a kiosk names
 *   the device.
 */
const up = [
  'ALTER TABLE authentication_attempts ADD COLUMN kiosk_device_id text CHECK (length(kiosk_device_id) <= 64)',
  'CREATE INDEX authentication_attempts_kiosk_device_idx ON authentication_attempts (kiosk_device_id, occurred_at) WHERE kiosk_device_id IS NOT NULL',
  'ALTER TABLE authentication_sessions ADD COLUMN kiosk_device_id text CHECK (length(kiosk_device_id) <= 64)',
  'ALTER TABLE audit_events ADD COLUMN kiosk_device_id text CHECK (length(kiosk_device_id) <= 64)',
  'ALTER TABLE audit_events ADD COLUMN kiosk_device_name text CHECK (length(kiosk_device_name) <= 60)',
];

const down = [
  'ALTER TABLE audit_events DROP COLUMN IF EXISTS kiosk_device_name',
  'ALTER TABLE audit_events DROP COLUMN IF EXISTS kiosk_device_id',
  'ALTER TABLE authentication_sessions DROP COLUMN IF EXISTS kiosk_device_id',
  'DROP INDEX IF EXISTS authentication_attempts_kiosk_device_idx',
  'ALTER TABLE authentication_attempts DROP COLUMN IF EXISTS kiosk_device_id',
];

export const migration022 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
