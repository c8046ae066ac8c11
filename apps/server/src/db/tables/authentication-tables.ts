import type { ColumnType, Generated } from 'kysely';

/** Tables of patient access (migration 005-access). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export type SessionState = 'ANONYMOUS' | 'OTP_PENDING' | 'AUTHENTICATED';
export type SessionAuthenticationType =
  | 'BOOKING_REQUEST'
  | 'APPOINTMENT'
  | 'APPOINTMENT_RESULTS'
  | 'PATIENT_PORTAL';

export interface AuthenticationSessionsTable {
  id: Generated<string>;
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  token_hash: string;
  state: SessionState;
  booking_key: string | null;
  authentication_type: SessionAuthenticationType | null;
  verified_captcha: Generated<boolean>;
  /** The session proved a one-time password (migration 010). */
  otp_verified: Generated<boolean>;
  /** A recipient's session on a shared results link (migration 017); null otherwise. */
  share_id: Generated<string | null>;
  /** The kiosk device the session was opened at (migration 022): a short idle expiry. */
  kiosk_device_id: Generated<string | null>;
  client_address: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
}

export interface AuthenticationOtpsTable {
  id: Generated<string>;
  session_id: string;
  booking_key: string;
  /** HMAC-SHA256 (hex) of session, booking key and code. */
  code_hash: string;
  channel: 'EMAIL' | 'SMS';
  created_at: Timestamp;
  expires_at: Timestamp;
  tries_left: number;
  used_at: NullableTimestamp;
}

export interface AuthenticationAttemptsTable {
  id: Generated<string>;
  booking_key: string;
  client_address: string;
  kind: 'DATE_OF_BIRTH' | 'OTP';
  occurred_at: Timestamp;
  /** The kiosk device the attempt came from (migration 022), counted per device too. */
  kiosk_device_id: Generated<string | null>;
}

/** OTP messages sent per booking key: the resend wait and the hourly cap (migration 010). */
export interface AuthenticationOtpSendsTable {
  booking_key: string;
  last_sent_at: Timestamp;
  window_started_at: Timestamp;
  sent_in_window: number;
}

export interface AuthenticationTables {
  authentication_sessions: AuthenticationSessionsTable;
  authentication_otps: AuthenticationOtpsTable;
  authentication_attempts: AuthenticationAttemptsTable;
  authentication_otp_sends: AuthenticationOtpSendsTable;
}
