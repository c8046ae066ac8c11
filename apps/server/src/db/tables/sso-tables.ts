import type { ColumnType, Generated } from 'kysely';

/** Migration 026: single sign-on (docs/product/single-sign-on.md). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** A nonce issued for one sign-in at the identity provider, by its SHA-256. */
export interface SsoNoncesTable {
  nonce_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A staff member's or referrer's session, opened from a verified ID token. */
export interface StaffSessionsTable {
  id: Generated<string>;
  token_hash: string;
  issuer: string;
  subject: string;
  username: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  organization: string | null;
  /** Migration 031: the ID token's roles (config/role-translations.json keys them). */
  roles: ColumnType<string[], string[] | undefined, string[]>;
  client_address: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
}

export interface SsoTables {
  sso_nonces: SsoNoncesTable;
  staff_sessions: StaffSessionsTable;
}
