import type { SupportedLocale } from '@portal/contract';
import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import {
  type AppointmentOfKey,
  type BookingKeyState,
  type BookingRequestOfKey,
  bookingKeyState,
  endAppointment,
  findBookingRequestOfKey,
  listAppointmentsOfKey,
  patientLocale,
} from '../booking/index.ts';
import type { AnswerRow, DefinitionRow, NewVersion } from './questionnaires.repository.ts';
import * as repository from './questionnaires.repository.ts';

/**
 * What the questionnaire services need from storage, bound to the database or to one open
 * transaction (ARCHITECTURE.md, "Dependencies"): definitions and answers, the booking
 * module's reads of a key and its appointment ending, and the audit writer.
 */
export interface QuestionnaireStore {
  transaction<T>(work: (tx: QuestionnaireStore) => Promise<T>): Promise<T>;
  listCurrentDefinitions(): Promise<DefinitionRow[]>;
  listAllCurrentDefinitions(): Promise<DefinitionRow[]>;
  findVersions(keys: ReadonlyArray<{ id: string; version: number }>): Promise<DefinitionRow[]>;
  /** Serialises the start-up sync between instances (call inside a transaction). */
  lockDefinitions(): Promise<void>;
  insertQuestionnaire(input: NewVersion, now: Date): Promise<string>;
  insertVersion(
    questionnaireId: string,
    version: number,
    input: NewVersion,
    now: Date,
  ): Promise<void>;
  updateQuestionnaire(
    id: string,
    set: Parameters<typeof repository.updateQuestionnaire>[2],
    now: Date,
  ): Promise<void>;
  examModalities(
    examSlugs: readonly string[],
  ): Promise<Map<string, { modalitySlug: string; modalityId: number }>>;
  clinicTimeZones(examSlugs: readonly string[]): Promise<string[]>;
  modalityIds(): Promise<Map<string, number>>;
  latestAnswers(bookingKey: string): Promise<AnswerRow[]>;
  insertAnswer(input: Parameters<typeof repository.insertAnswer>[1], now: Date): Promise<AnswerRow>;
  listExamChanges(bookingKey: string): Promise<repository.ExamChangeRow[]>;
  recordExamChange(
    bookingKey: string,
    change: repository.ExamChangeRow,
    now: Date,
  ): Promise<repository.ExamChangeRow>;
  ensureApiKey(
    bookingKey: string,
    candidate: string,
    confirmationMessage: string | null,
    now: Date,
  ): Promise<string>;
  findApiKey(bookingKey: string): ReturnType<typeof repository.findApiKey>;
  markApiKeyUsed(apiKey: string, bookingRequestId: string, now: Date): Promise<boolean>;
  bookingKeyState(bookingKey: string, now: Date): Promise<BookingKeyState>;
  listAppointmentsOfKey(bookingKey: string): Promise<AppointmentOfKey[]>;
  findBookingRequestOfKey(bookingKey: string): Promise<BookingRequestOfKey | undefined>;
  endAppointment(
    appointmentId: string,
    status: 'CANCELED' | 'DECLINED_BY_PATIENT',
    now: Date,
  ): Promise<boolean>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  /** The language the key's patient booked in, null when unknown (the booking module's). */
  patientLocaleOfKey(bookingKey: string): Promise<SupportedLocale | null>;
}

export function createQuestionnaireStore(db: Db): QuestionnaireStore {
  return {
    transaction: (work) => storeTransaction(db, createQuestionnaireStore, work),
    listCurrentDefinitions: () => repository.listCurrentDefinitions(db),
    listAllCurrentDefinitions: () => repository.listAllCurrentDefinitions(db),
    findVersions: (keys) => repository.findVersions(db, keys),
    lockDefinitions: () => repository.lockDefinitions(db),
    insertQuestionnaire: (input, now) => repository.insertQuestionnaire(db, input, now),
    insertVersion: (questionnaireId, version, input, now) =>
      repository.insertVersion(db, questionnaireId, version, input, now),
    updateQuestionnaire: (id, set, now) => repository.updateQuestionnaire(db, id, set, now),
    examModalities: (examSlugs) => repository.examModalities(db, examSlugs),
    clinicTimeZones: (examSlugs) => repository.clinicTimeZones(db, examSlugs),
    modalityIds: () => repository.modalityIds(db),
    latestAnswers: (bookingKey) => repository.latestAnswers(db, bookingKey),
    insertAnswer: (input, now) => repository.insertAnswer(db, input, now),
    listExamChanges: (bookingKey) => repository.listExamChanges(db, bookingKey),
    recordExamChange: (bookingKey, change, now) =>
      repository.recordExamChange(db, bookingKey, change, now),
    ensureApiKey: (bookingKey, candidate, confirmationMessage, now) =>
      repository.ensureApiKey(db, bookingKey, candidate, confirmationMessage, now),
    findApiKey: (bookingKey) => repository.findApiKey(db, bookingKey),
    markApiKeyUsed: (apiKey, bookingRequestId, now) =>
      repository.markApiKeyUsed(db, apiKey, bookingRequestId, now),
    bookingKeyState: (bookingKey, now) => bookingKeyState(db, bookingKey, now),
    listAppointmentsOfKey: (bookingKey) => listAppointmentsOfKey(db, bookingKey),
    findBookingRequestOfKey: (bookingKey) => findBookingRequestOfKey(db, bookingKey),
    endAppointment: (appointmentId, status, now) => endAppointment(db, appointmentId, status, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    patientLocaleOfKey: async (bookingKey) => {
      const patientId = await repository.appointmentPatientOfKey(db, bookingKey);
      return patientId ? patientLocale(db, patientId) : null;
    },
  };
}
