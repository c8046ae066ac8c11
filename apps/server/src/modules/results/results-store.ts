import type { SupportedLocale } from '@portal/contract';
import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { patientLocale } from '../booking/index.ts';
import { insertOutboxMessages, type NewOutboxMessage } from '../notifications/index.ts';
import * as results from './results.repository.ts';
import * as shares from './shares.repository.ts';

/**
 * What results and sharing need from storage, bound to the database or to one open
 * transaction (ARCHITECTURE.md, "Dependencies").
 */
export interface ResultsStore {
  transaction<T>(work: (tx: ResultsStore) => Promise<T>): Promise<T>;
  resultsOfKey(bookingKey: string): Promise<results.ResultRow[]>;
  resultOfAppointment(
    bookingKey: string,
    appointmentId: string,
  ): Promise<results.ResultRow | undefined>;
  historyOfPatient(patient: results.PatientRow): Promise<results.ResultRow[]>;
  patientOfKey(bookingKey: string): Promise<results.PatientRow | undefined>;
  /** The language the patient booked in, null when unknown (the booking module's). */
  patientLocale(patientId: string): Promise<SupportedLocale | null>;
  upsertResult(result: Parameters<typeof results.upsertResult>[1]): Promise<void>;
  insertShare(share: shares.NewShare): Promise<shares.ShareRow>;
  sharesOfKey(bookingKey: string): Promise<shares.ShareRow[]>;
  accessesOfShares(shareIds: string[]): Promise<shares.ShareAccessRow[]>;
  shareOfKey(bookingKey: string, shareId: string): Promise<shares.ShareRow | undefined>;
  revokeShare(shareId: string, now: Date): Promise<boolean>;
  shareByTokenHash(
    tokenHash: string,
  ): Promise<(shares.ShareRow & { dateOfBirth: string }) | undefined>;
  shareById(shareId: string): Promise<shares.ShareRow | undefined>;
  insertShareAccess(access: Parameters<typeof shares.insertShareAccess>[1]): Promise<void>;
  claimAccessNotice(shareId: string, now: Date, since: Date): Promise<boolean>;
  enqueueMessages(messages: NewOutboxMessage[], now: Date): Promise<number>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createResultsStore(db: Db): ResultsStore {
  return {
    transaction: (work) => storeTransaction(db, createResultsStore, work),
    resultsOfKey: (bookingKey) => results.resultsOfKey(db, bookingKey),
    resultOfAppointment: (bookingKey, appointmentId) =>
      results.resultOfAppointment(db, bookingKey, appointmentId),
    historyOfPatient: (patient) => results.historyOfPatient(db, patient),
    patientOfKey: (bookingKey) => results.patientOfKey(db, bookingKey),
    patientLocale: (patientId) => patientLocale(db, patientId),
    upsertResult: (result) => results.upsertResult(db, result),
    insertShare: (share) => shares.insertShare(db, share),
    sharesOfKey: (bookingKey) => shares.sharesOfKey(db, bookingKey),
    accessesOfShares: (shareIds) => shares.accessesOfShares(db, shareIds),
    shareOfKey: (bookingKey, shareId) => shares.shareOfKey(db, bookingKey, shareId),
    revokeShare: (shareId, now) => shares.revokeShare(db, shareId, now),
    shareByTokenHash: (tokenHash) => shares.shareByTokenHash(db, tokenHash),
    shareById: (shareId) => shares.shareById(db, shareId),
    insertShareAccess: (access) => shares.insertShareAccess(db, access),
    claimAccessNotice: (shareId, now, since) => shares.claimAccessNotice(db, shareId, now, since),
    enqueueMessages: (messages, now) => insertOutboxMessages(db, messages, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
