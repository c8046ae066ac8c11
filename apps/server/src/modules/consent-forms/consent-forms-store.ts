import type { SupportedLocale } from '@portal/contract';
import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { type AppointmentOfKey, listAppointmentsOfKey, patientLocale } from '../booking/index.ts';
import { insertOutboxMessages, type NewOutboxMessage } from '../notifications/index.ts';
import * as repository from './consent-forms.repository.ts';

/**
 * What the consent form service and the start-up sync need from storage, bound to the
 * database or to one open transaction (ARCHITECTURE.md, "Dependencies").
 */
export interface ConsentFormStore {
  transaction<T>(work: (tx: ConsentFormStore) => Promise<T>): Promise<T>;
  listForms(): Promise<repository.FormRow[]>;
  findVersions(
    keys: ReadonlyArray<{ consentFormId: string; version: number }>,
  ): Promise<repository.VersionRow[]>;
  listSignatures(appointmentIds: readonly string[]): Promise<repository.SignatureRow[]>;
  insertSignature(input: repository.NewSignature): Promise<string | undefined>;
  appointmentPatient(appointmentId: string): ReturnType<typeof repository.appointmentPatient>;
  lockForms(): Promise<void>;
  insertForm(
    settings: repository.FormSettings,
    version: repository.NewVersion,
    now: Date,
  ): Promise<string>;
  insertVersion(
    consentFormId: string,
    version: number,
    input: repository.NewVersion,
    now: Date,
  ): Promise<void>;
  updateForm(
    id: string,
    set: Parameters<typeof repository.updateForm>[2],
    now: Date,
  ): Promise<void>;
  listAppointmentsOfKey(bookingKey: string): Promise<AppointmentOfKey[]>;
  /** The language the patient booked in, null when unknown (the booking module's). */
  patientLocale(patientId: string): Promise<SupportedLocale | null>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  queueMessages(messages: NewOutboxMessage[], now: Date): Promise<number>;
}

export function createConsentFormStore(db: Db): ConsentFormStore {
  return {
    transaction: (work) => storeTransaction(db, createConsentFormStore, work),
    listForms: () => repository.listForms(db),
    findVersions: (keys) => repository.findVersions(db, keys),
    listSignatures: (ids) => repository.listSignatures(db, ids),
    insertSignature: (input) => repository.insertSignature(db, input),
    appointmentPatient: (id) => repository.appointmentPatient(db, id),
    lockForms: () => repository.lockForms(db),
    insertForm: (settings, version, now) => repository.insertForm(db, settings, version, now),
    insertVersion: (id, version, input, now) =>
      repository.insertVersion(db, id, version, input, now),
    updateForm: (id, set, now) => repository.updateForm(db, id, set, now),
    listAppointmentsOfKey: (bookingKey) => listAppointmentsOfKey(db, bookingKey),
    patientLocale: (patientId) => patientLocale(db, patientId),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    queueMessages: (messages, now) => insertOutboxMessages(db, messages, now),
  };
}
