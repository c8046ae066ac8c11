import type { SupportedLocale } from '@portal/contract';
import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { patientLocale } from '../booking/index.ts';
import { insertOutboxMessages, type NewOutboxMessage } from '../notifications/index.ts';
import * as repository from './patient-changes.repository.ts';

/**
 * What the change-request services need from storage, bound to the database or one open
 * transaction (ARCHITECTURE.md, "Dependencies").
 */
export interface PatientChangesStore {
  transaction<T>(work: (tx: PatientChangesStore) => Promise<T>): Promise<T>;
  findPatientOfKey: OmitDb<typeof repository.findPatientOfKey>;
  findPatient: OmitDb<typeof repository.findPatient>;
  examSlugsOfKey: OmitDb<typeof repository.examSlugsOfKey>;
  updatePatientValues: OmitDb<typeof repository.updatePatientValues>;
  findPendingOfPatient: OmitDb<typeof repository.findPendingOfPatient>;
  findRequest: OmitDb<typeof repository.findRequest>;
  insertRequest: OmitDb<typeof repository.insertRequest>;
  decideRequest: OmitDb<typeof repository.decideRequest>;
  listRequests: OmitDb<typeof repository.listRequests>;
  expirePendingBefore: OmitDb<typeof repository.expirePendingBefore>;
  /** The language the patient booked in, null when unknown (the booking module's). */
  patientLocale(patientId: string): Promise<SupportedLocale | null>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  enqueueMessages(messages: NewOutboxMessage[], now: Date): Promise<number>;
}

type OmitDb<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

export function createPatientChangesStore(db: Db): PatientChangesStore {
  return {
    transaction: (work) => storeTransaction(db, createPatientChangesStore, work),
    findPatientOfKey: (...args) => repository.findPatientOfKey(db, ...args),
    findPatient: (...args) => repository.findPatient(db, ...args),
    examSlugsOfKey: (...args) => repository.examSlugsOfKey(db, ...args),
    updatePatientValues: (...args) => repository.updatePatientValues(db, ...args),
    findPendingOfPatient: (...args) => repository.findPendingOfPatient(db, ...args),
    findRequest: (...args) => repository.findRequest(db, ...args),
    insertRequest: (...args) => repository.insertRequest(db, ...args),
    decideRequest: (...args) => repository.decideRequest(db, ...args),
    listRequests: (...args) => repository.listRequests(db, ...args),
    expirePendingBefore: (...args) => repository.expirePendingBefore(db, ...args),
    patientLocale: (patientId) => patientLocale(db, patientId),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    enqueueMessages: (messages, now) => insertOutboxMessages(db, messages, now),
  };
}
