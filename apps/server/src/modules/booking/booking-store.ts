import type { PatientDetails, SupportedLocale } from '@portal/contract';
import type { WriteCondition } from '../../db/statement-parts.ts';
import type { AuditEvent, RequestContext as AuditRequestContext } from '../audit/index.ts';
import type { BookingNotice, NewOutboxMessage } from '../notifications/index.ts';
import type {
  BookingRequestToCancel,
  ManagedAppointment,
} from './appointment-changes.repository.ts';
import type { ClinicRow, ExamRow } from './booking.repository.ts';
import type {
  AppointmentClaim,
  AppointmentRecord,
  AppointmentRecordsInput,
  NewAppointment,
  OutboxRecord,
} from './resource-bookings.repository.ts';

export type {
  AppointmentRecord,
  AppointmentRecordsInput,
  AuditEvent,
  ClinicRow,
  ExamRow,
  NewAppointment,
  OutboxRecord,
};

/** Who asked; for a staff booking also the signed-in staff member, when there is one. */
export interface RequestContext extends AuditRequestContext {
  /** The sso user id (the token's `sub`) of the staff session behind a `staffBooking` write. */
  staffUserId?: string;
}

/**
 * What a staff booking's audit event adds to its details: the staff member who made it.
 * `staffBooking` is the browser's word (decision 016); the session is the proof.
 */
export const staffDetails = (context: RequestContext): { staffUserId?: string } =>
  context.staffUserId ? { staffUserId: context.staffUserId } : {};

/** A booking key is reserved (usable), used (booked), or unknown (never issued or expired). */
export type KeyState = 'RESERVED' | 'USED' | 'UNKNOWN';

/**
 * What the booking services need from storage, without SQL or Kysely: the
 * repository functions bound to a database or to one open transaction.
 */
export interface BookingStore {
  transaction<T>(work: (tx: BookingStore) => Promise<T>): Promise<T>;
  insertBookingKey(key: string, now: Date, expiresAt: Date): Promise<void>;
  bookingKeyState(key: string, now: Date): Promise<KeyState>;
  /** The same, with the key's row locked until the transaction ends (call inside one). */
  lockBookingKey(key: string, now: Date): Promise<KeyState>;
  consumeBookingKey(key: string, now: Date): Promise<KeyState>;
  findExam(slug: string): Promise<ExamRow | undefined>;
  findClinic(slug: string): Promise<ClinicRow | undefined>;
  clinicOffersExam(clinicId: number, examId: number): Promise<boolean>;
  insertPatient(details: PatientDetails, locale: SupportedLocale | null): Promise<string>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  hasAuditEvent(action: string, subjectId: string): Promise<boolean>;
  moveTemporaryDocuments(from: string, to: string): Promise<string[]>;
  /** Temporary questionnaire answers (and their exam changes, api key) follow a re-key. */
  moveQuestionnaireAnswers(from: string, to: string): Promise<number>;
  deleteExpiredHolds(resourceIds: number[], start: Date, end: Date, now: Date): Promise<number>;
  insertHoldOnFirstFreeResource(input: {
    resourceIds: number[];
    start: Date;
    end: Date;
    expiresAt: Date;
    bookingKey: string;
  }): Promise<{ id: string; resourceId: number } | null>;
  countLiveHolds(bookingKey: string, now: Date): Promise<number>;
  releaseHold(holdId: string, bookingKey: string): Promise<boolean>;
  findLiveHold(input: {
    holdId: string;
    bookingKey: string;
    resourceIds: number[];
    start: Date;
    end: Date;
    now: Date;
  }): Promise<{ id: string; resourceId: number } | undefined>;
  insertAppointmentFromHold(
    input: NewAppointment,
    hold: { id: string; resourceId: number },
  ): Promise<string>;
  insertAppointment(input: NewAppointment, resourceId: number): Promise<string>;
  /** Key consume, patient, appointments, holds turned, audit and outbox in one statement. */
  createAppointmentRecords(input: AppointmentRecordsInput): Promise<boolean>;
  /**
   * The same and each appointment's resource booking, atomically (outside a
   * transaction), only while `conditions` hold (else KEY_UNUSABLE, nothing written).
   */
  bookAppointmentsAtOnce(
    input: AppointmentRecordsInput & {
      claims: AppointmentClaim[];
      conditions?: WriteCondition[];
    },
  ): Promise<'BOOKED' | 'KEY_UNUSABLE' | 'TAKEN'>;
  claimFirstFreeResource(input: {
    appointmentId: string;
    tentativeResourceId: number;
    resourceIds: number[];
    start: Date;
    end: Date;
  }): Promise<number | null>;
  findManagedAppointment(
    bookingKey: string,
    appointmentId: string,
    lock?: boolean,
  ): Promise<ManagedAppointment | undefined>;
  listManagedAppointments(bookingKey: string): Promise<ManagedAppointment[]>;
  recordCancelReason(
    appointmentId: string,
    said: { reason: string | null; note: string | null },
  ): Promise<void>;
  endAppointment(appointmentId: string, status: 'CANCELED', now: Date): Promise<boolean>;
  markConfirmed(appointmentId: string, now: Date): Promise<boolean>;
  markReplaced(
    appointmentId: string,
    replacementId: string,
    status: 'RESCHEDULED' | 'CHANGED',
    now: Date,
  ): Promise<boolean>;
  continueCalendarEvent(
    replacementId: string,
    from: { calendarUid: string; calendarSequence: number },
  ): Promise<void>;
  lockBookingRequestOfKey(bookingKey: string): Promise<BookingRequestToCancel | undefined>;
  markBookingRequestCanceled(
    bookingRequestId: string,
    said: { reason: string | null; note: string | null },
    now: Date,
  ): Promise<boolean>;
  enqueueMessages(messages: NewOutboxMessage[], now: Date): Promise<number>;
  insertBookingRequest(input: {
    bookingKey: string;
    clinicId: number | null;
    preferredStart: Date | null;
    patientId: string;
    staffBooking: boolean;
    patientNotes: string | null;
    examIds: number[];
  }): Promise<string>;
  listPendingAppointments(bookingKey: string): Promise<
    Array<{
      id: string;
      start: Date;
      examName: string;
      clinicName: string;
      timeZone: string;
      firstName: string;
      email: string;
      contactNumber: string;
      locale: SupportedLocale | null;
    }>
  >;
  enqueueNotice(locale: SupportedLocale, notice: BookingNotice, now: Date): Promise<number>;
}
