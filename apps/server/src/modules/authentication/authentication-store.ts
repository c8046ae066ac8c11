import { type Db, storeTransaction } from '../../db/database.ts';
import type { SessionAuthenticationType } from '../../db/tables/authentication-tables.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { insertOutboxMessages, type NewOutboxMessage } from '../notifications/index.ts';
import type {
  AttemptCounts,
  NewOtp,
  NewSession,
  OtpSendLimits,
  PatientFacts,
  SessionRow,
} from './authentication.repository.ts';
import * as repository from './authentication.repository.ts';

export type { PatientFacts };

/**
 * What sign-in, sessions and one-time passwords need from storage, bound to the database or
 * to one open transaction (ARCHITECTURE.md, "Dependencies"): a test can hand them a fake.
 */
export interface AuthenticationStore {
  transaction<T>(work: (tx: AuthenticationStore) => Promise<T>): Promise<T>;
  insertSession(session: NewSession): Promise<string>;
  findLiveSession(tokenHash: string, now: Date): Promise<SessionRow | undefined>;
  touchSession(id: string, now: Date, idleExpiresAt: Date): Promise<void>;
  authenticateSession(
    id: string,
    update: { now: Date; idleExpiresAt: Date; tokenHash: string },
  ): Promise<boolean>;
  setVerifiedCaptcha(id: string, verified: boolean): Promise<void>;
  deleteSessionByTokenHash(
    tokenHash: string,
  ): Promise<{ id: string; bookingKey: string | null } | undefined>;
  deleteExpired(now: Date, before: { attempts: Date; otpSends: Date }): Promise<void>;
  findPatientFacts(
    bookingKey: string,
    type: SessionAuthenticationType,
  ): Promise<PatientFacts | undefined>;
  recordAttempt(attempt: Parameters<typeof repository.recordAttempt>[1]): Promise<AttemptCounts>;
  forgetAttempt(id: string): Promise<void>;
  forgetKeyAttempts(bookingKey: string): Promise<void>;
  claimOtpSend(bookingKey: string, now: Date, limits: OtpSendLimits): Promise<boolean>;
  nextOtpSendAt(bookingKey: string, now: Date, limits: OtpSendLimits): Promise<Date>;
  insertOtp(otp: NewOtp): Promise<void>;
  tryOtp(
    input: Parameters<typeof repository.tryOtp>[1],
  ): Promise<{ used: boolean; triesLeft: number } | undefined>;
  latestOtpExhausted(sessionId: string): Promise<boolean>;
  enqueueMessages(messages: NewOutboxMessage[], now: Date): Promise<number>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createAuthenticationStore(db: Db): AuthenticationStore {
  return {
    transaction: (work) => storeTransaction(db, createAuthenticationStore, work),
    insertSession: (session) => repository.insertSession(db, session),
    findLiveSession: (tokenHash, now) => repository.findLiveSession(db, tokenHash, now),
    touchSession: (id, now, idleExpiresAt) => repository.touchSession(db, id, now, idleExpiresAt),
    authenticateSession: (id, update) => repository.authenticateSession(db, id, update),
    setVerifiedCaptcha: (id, verified) => repository.setVerifiedCaptcha(db, id, verified),
    deleteSessionByTokenHash: (tokenHash) => repository.deleteSessionByTokenHash(db, tokenHash),
    deleteExpired: (now, before) => repository.deleteExpired(db, now, before),
    findPatientFacts: (bookingKey, type) => repository.findPatientFacts(db, bookingKey, type),
    recordAttempt: (attempt) => repository.recordAttempt(db, attempt),
    forgetAttempt: (id) => repository.forgetAttempt(db, id),
    forgetKeyAttempts: (bookingKey) => repository.forgetKeyAttempts(db, bookingKey),
    claimOtpSend: (bookingKey, now, limits) => repository.claimOtpSend(db, bookingKey, now, limits),
    nextOtpSendAt: (bookingKey, now, limits) =>
      repository.nextOtpSendAt(db, bookingKey, now, limits),
    insertOtp: (otp) => repository.insertOtp(db, otp),
    tryOtp: (input) => repository.tryOtp(db, input),
    latestOtpExhausted: (sessionId) => repository.latestOtpExhausted(db, sessionId),
    enqueueMessages: (messages, now) => insertOutboxMessages(db, messages, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
