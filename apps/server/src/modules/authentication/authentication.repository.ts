import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  SessionAuthenticationType,
  SessionState,
} from '../../db/tables/authentication-tables.ts';
import type { AppointmentStatus } from '../../db/tables/booking-tables.ts';

/** Attempts in the window: per booking key, per address, and per kiosk device (null: none). */
export interface AttemptCounts {
  id: string;
  perKey: number;
  perAddress: number;
  perDevice: number | null;
}

export interface SessionRow {
  id: string;
  state: SessionState;
  bookingKey: string | null;
  authenticationType: SessionAuthenticationType | null;
  verifiedCaptcha: boolean;
  /** This session proved a one-time password. */
  otpVerified: boolean;
  /** A recipient's session on a shared results link (migration 017). */
  shareId: string | null;
  /** Opened at a kiosk (migration 022): the short kiosk idle expiry applies. */
  kioskDeviceId: string | null;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface NewSession {
  tokenHash: string;
  state: SessionState;
  bookingKey: string | null;
  authenticationType: SessionAuthenticationType | null;
  verifiedCaptcha: boolean;
  shareId?: string | null;
  kioskDeviceId?: string | null;
  clientAddress: string | null;
  now: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export async function insertSession(db: Db, session: NewSession): Promise<string> {
  const row = await db
    .insertInto('authentication_sessions')
    .values({
      token_hash: session.tokenHash,
      state: session.state,
      booking_key: session.bookingKey,
      authentication_type: session.authenticationType,
      verified_captcha: session.verifiedCaptcha,
      share_id: session.shareId ?? null,
      kiosk_device_id: session.kioskDeviceId ?? null,
      client_address: session.clientAddress,
      created_at: session.now,
      last_seen_at: session.now,
      idle_expires_at: session.idleExpiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The live session with this token hash (neither idle nor absolute expiry passed). */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const row = await db
    .selectFrom('authentication_sessions')
    .select([
      'id',
      'state',
      'booking_key',
      'authentication_type',
      'verified_captcha',
      'otp_verified',
      'share_id',
      'kiosk_device_id',
      'last_seen_at',
      'idle_expires_at',
      'absolute_expires_at',
    ])
    .where('token_hash', '=', tokenHash)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    state: row.state,
    bookingKey: row.booking_key,
    authenticationType: row.authentication_type,
    verifiedCaptcha: row.verified_captcha,
    otpVerified: row.otp_verified,
    shareId: row.share_id,
    kioskDeviceId: row.kiosk_device_id,
    lastSeenAt: new Date(row.last_seen_at),
    idleExpiresAt: new Date(row.idle_expires_at),
    absoluteExpiresAt: new Date(row.absolute_expires_at),
  };
}

export async function touchSession(db: Db, id: string, now: Date, idleExpiresAt: Date) {
  await db
    .updateTable('authentication_sessions')
    .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute();
}

/**
 * OTP_PENDING -> AUTHENTICATED with a proved OTP, under a new token (the pending one
 * stops working in the same statement); false when the session was no longer pending.
 */
export async function authenticateSession(
  db: Db,
  id: string,
  update: { now: Date; idleExpiresAt: Date; tokenHash: string },
): Promise<boolean> {
  const row = await db
    .updateTable('authentication_sessions')
    .set({
      state: 'AUTHENTICATED',
      otp_verified: true,
      token_hash: update.tokenHash,
      last_seen_at: update.now,
      idle_expires_at: update.idleExpiresAt,
    })
    .where('id', '=', id)
    .where('state', '=', 'OTP_PENDING')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setVerifiedCaptcha(db: Db, id: string, verified: boolean) {
  await db
    .updateTable('authentication_sessions')
    .set({ verified_captcha: verified })
    .where('id', '=', id)
    .execute();
}

/** Deletes the session (its OTPs go with it); returns its id if there was one. */
export async function deleteSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; bookingKey: string | null } | undefined> {
  const row = await db
    .deleteFrom('authentication_sessions')
    .where('token_hash', '=', tokenHash)
    .returning(['id', 'booking_key'])
    .executeTakeFirst();
  return row ? { id: row.id, bookingKey: row.booking_key } : undefined;
}

/**
 * Housekeeping: sessions past their absolute expiry, attempts older than the window, and
 * OTP send counts that no longer hold anything back.
 */
export async function deleteExpired(db: Db, now: Date, before: { attempts: Date; otpSends: Date }) {
  await db.deleteFrom('authentication_sessions').where('absolute_expires_at', '<', now).execute();
  await db.deleteFrom('authentication_sessions').where('idle_expires_at', '<', now).execute();
  await db
    .deleteFrom('authentication_attempts')
    .where('occurred_at', '<', before.attempts)
    .execute();
  await db
    .deleteFrom('authentication_otp_sends')
    .where('last_sent_at', '<', before.otpSends)
    .where('window_started_at', '<', before.otpSends)
    .execute();
}

/** What a date of birth (and contact number) is checked against. */
export interface PatientFacts {
  dateOfBirth: string;
  contactNumber: string;
  email: string;
  firstName: string;
}

const appointmentStatuses: Record<
  Exclude<SessionAuthenticationType, 'BOOKING_REQUEST'>,
  AppointmentStatus[]
> = {
  APPOINTMENT: ['BOOKED', 'PENDING'],
  // Results and the portal outlive the visit itself.
  APPOINTMENT_RESULTS: ['BOOKED', 'PENDING', 'COMPLETED'],
  PATIENT_PORTAL: ['BOOKED', 'PENDING', 'COMPLETED'],
};

/**
 * The patient behind a booking key, for the given kind of link: its live
 * appointments, or its booking request. One indexed query either way, so an
 * unknown key costs the same round trip as a known one.
 */
export async function findPatientFacts(
  db: Db,
  bookingKey: string,
  type: SessionAuthenticationType,
): Promise<PatientFacts | undefined> {
  const select = ['patients.date_of_birth', 'patients.contact_number', 'patients.email'] as const;
  const row =
    type === 'BOOKING_REQUEST'
      ? await db
          .selectFrom('booking_requests')
          .innerJoin('patients', 'patients.id', 'booking_requests.patient_id')
          .select([...select, 'patients.first_name'])
          .where('booking_requests.booking_key', '=', bookingKey)
          .executeTakeFirst()
      : await db
          .selectFrom('appointments')
          .innerJoin('patients', 'patients.id', 'appointments.patient_id')
          .select([...select, 'patients.first_name'])
          .where('appointments.booking_key', '=', bookingKey)
          .where('appointments.status', 'in', appointmentStatuses[type])
          .orderBy('appointments.starts_at')
          .limit(1)
          .executeTakeFirst();
  if (!row) return undefined;
  return {
    dateOfBirth: row.date_of_birth,
    contactNumber: row.contact_number,
    email: row.email,
    firstName: row.first_name,
  };
}

/**
 * Records one attempt and counts the attempts in the window per booking key and
 * per client address, this one included. Two statements on purpose: each counts
 * after its own insert has committed, so of concurrent attempts the last to count
 * sees all the others, and no burst of parallel guesses slips under the limit.
 */
export async function recordAttempt(
  db: Db,
  attempt: {
    bookingKey: string;
    clientAddress: string;
    kind: 'DATE_OF_BIRTH' | 'OTP';
    now: Date;
    windowStart: Date;
    /** The kiosk device it came from (migration 022), counted on its own as well. */
    kioskDeviceId?: string | null;
  },
): Promise<AttemptCounts> {
  const device = attempt.kioskDeviceId ?? null;
  const inserted = await db
    .insertInto('authentication_attempts')
    .values({
      booking_key: attempt.bookingKey,
      client_address: attempt.clientAddress,
      kind: attempt.kind,
      occurred_at: attempt.now,
      kiosk_device_id: device,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const counts = await sql<{
    per_key: string | number;
    per_address: string | number;
    per_device: string | number | null;
  }>`
    SELECT
      (SELECT count(*) FROM authentication_attempts
        WHERE booking_key = ${attempt.bookingKey} AND occurred_at > ${attempt.windowStart.toISOString()}::timestamptz) AS per_key,
      (SELECT count(*) FROM authentication_attempts
        WHERE client_address = ${attempt.clientAddress} AND occurred_at > ${attempt.windowStart.toISOString()}::timestamptz) AS per_address,
      (SELECT count(*) FROM authentication_attempts
        WHERE ${device}::text IS NOT NULL AND kiosk_device_id = ${device} AND occurred_at > ${attempt.windowStart.toISOString()}::timestamptz) AS per_device`.execute(
    db,
  );
  const row = counts.rows[0];
  return {
    id: String(inserted.id),
    perKey: Number(row?.per_key ?? 0),
    perAddress: Number(row?.per_address ?? 0),
    perDevice: device === null ? null : Number(row?.per_device ?? 0),
  };
}

/** An attempt that turned out not to be a failure (the date of birth was right). */
export async function forgetAttempt(db: Db, id: string) {
  await db.deleteFrom('authentication_attempts').where('id', '=', id).execute();
}

/** A full sign-in clears the key's failures: the patient proved who they are. */
export async function forgetKeyAttempts(db: Db, bookingKey: string) {
  await db.deleteFrom('authentication_attempts').where('booking_key', '=', bookingKey).execute();
}

export interface NewOtp {
  sessionId: string;
  bookingKey: string;
  codeHash: string;
  channel: 'EMAIL' | 'SMS';
  now: Date;
  expiresAt: Date;
  triesLeft: number;
}

/** How often OTP messages may go to one booking key. */
export interface OtpSendLimits {
  /** otpSecondsBetweenRequests: the pause after each message. */
  minGapSeconds: number;
  /** otpMaxPerHour: messages in an hour from the first of them. */
  maxPerHour: number;
}

const hourMs = 3_600_000;

/**
 * Claims one OTP message for a booking key, in one statement: true when the key's last
 * message is at least the pause old and its hour has room (or is over, which starts a new
 * hour). The upsert locks the key's row until the transaction ends, so of concurrent
 * claims on any instance one wins and the others then see its message.
 */
export async function claimOtpSend(
  db: Db,
  bookingKey: string,
  now: Date,
  limits: OtpSendLimits,
): Promise<boolean> {
  const at = now.toISOString();
  const pauseOver = new Date(now.getTime() - limits.minGapSeconds * 1000).toISOString();
  const hourOver = new Date(now.getTime() - hourMs).toISOString();
  const result = await sql<{ booking_key: string }>`
    INSERT INTO authentication_otp_sends AS sends (booking_key, last_sent_at, window_started_at, sent_in_window)
    VALUES (${bookingKey}, ${at}::timestamptz, ${at}::timestamptz, 1)
    ON CONFLICT (booking_key) DO UPDATE SET
      last_sent_at = excluded.last_sent_at,
      window_started_at = CASE WHEN sends.window_started_at <= ${hourOver}::timestamptz
        THEN excluded.window_started_at ELSE sends.window_started_at END,
      sent_in_window = CASE WHEN sends.window_started_at <= ${hourOver}::timestamptz
        THEN 1 ELSE sends.sent_in_window + 1 END
    WHERE sends.last_sent_at <= ${pauseOver}::timestamptz
      AND (sends.window_started_at <= ${hourOver}::timestamptz
        OR sends.sent_in_window < ${limits.maxPerHour}::integer)
    RETURNING booking_key`.execute(db);
  return result.rows.length === 1;
}

/** When the next OTP message for the key may go (now when nothing holds it back). */
export async function nextOtpSendAt(
  db: Db,
  bookingKey: string,
  now: Date,
  limits: OtpSendLimits,
): Promise<Date> {
  const row = await db
    .selectFrom('authentication_otp_sends')
    .select(['last_sent_at', 'window_started_at', 'sent_in_window'])
    .where('booking_key', '=', bookingKey)
    .executeTakeFirst();
  if (!row) return now;
  const afterPause = new Date(row.last_sent_at).getTime() + limits.minGapSeconds * 1000;
  const hourEnds = new Date(row.window_started_at).getTime() + hourMs;
  const capped = row.sent_in_window >= limits.maxPerHour && hourEnds > now.getTime();
  return new Date(Math.max(now.getTime(), afterPause, capped ? hourEnds : 0));
}

/** Stores an OTP (only its keyed hash); earlier OTPs of the session stop counting. */
export async function insertOtp(db: Db, otp: NewOtp): Promise<void> {
  await db
    .insertInto('authentication_otps')
    .values({
      session_id: otp.sessionId,
      booking_key: otp.bookingKey,
      code_hash: otp.codeHash,
      channel: otp.channel,
      created_at: otp.now,
      expires_at: otp.expiresAt,
      tries_left: otp.triesLeft,
    })
    .execute();
}

/**
 * One try at the session's newest OTP, in one statement: it must be unused,
 * unexpired, have tries left and belong to this booking key; the try is spent
 * either way and a match marks it used, so a code works once even when two
 * requests race. Undefined when there was nothing to try.
 */
export async function tryOtp(
  db: Db,
  input: { sessionId: string; bookingKey: string; codeHash: string; now: Date },
): Promise<{ used: boolean; triesLeft: number } | undefined> {
  const result = await sql<{ used_at: Date | null; tries_left: number }>`
    UPDATE authentication_otps SET
      tries_left = tries_left - 1,
      used_at = CASE WHEN code_hash = ${input.codeHash} THEN ${input.now.toISOString()}::timestamptz ELSE NULL END
    WHERE id = (
        SELECT id FROM authentication_otps WHERE session_id = ${input.sessionId}::uuid
        ORDER BY created_at DESC LIMIT 1
      )
      AND booking_key = ${input.bookingKey}
      AND used_at IS NULL
      AND tries_left > 0
      AND expires_at > ${input.now.toISOString()}::timestamptz
    RETURNING used_at, tries_left`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return { used: row.used_at !== null, triesLeft: Number(row.tries_left) };
}

/** Whether the session's newest OTP has no tries left (so only a new sign-in helps). */
export async function latestOtpExhausted(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('authentication_otps')
    .select(['tries_left', 'used_at'])
    .where('session_id', '=', sessionId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined && row.used_at === null && row.tries_left <= 0;
}
