import type { SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database, Db } from '../../db/database.ts';
import * as audit from '../audit/index.ts';
import { enqueueBookingNotice, insertOutboxMessages } from '../notifications/index.ts';
import * as changes from './appointment-changes.repository.ts';
import {
  type AppointmentChangesService,
  createAppointmentChangesService,
} from './appointment-changes.service.ts';
import * as appointments from './appointments.repository.ts';
import { createAppointmentsService } from './appointments.service.ts';
import * as lookups from './booking.repository.ts';
import { registerBookingRoutes } from './booking.routes.ts';
import {
  type BookingCleanup,
  type BookingCleanupDeps,
  createBookingCleanup as createCleanup,
} from './booking-cleanup.ts';
import { createBookingCleanupStore } from './booking-cleanup-store.ts';
import * as keys from './booking-keys.repository.ts';
import { type BookingSettings, createBookingKeysService } from './booking-keys.service.ts';
import * as bookingRequests from './booking-requests.repository.ts';
import { createBookingRequestsService } from './booking-requests.service.ts';
import type { BookingStore } from './booking-store.ts';
import type { OfferedSlotFinder } from './offered-slot.ts';
import type { QuestionnaireHooks } from './questionnaire-hooks.ts';
import * as bookings from './resource-bookings.repository.ts';
import * as holds from './slot-holds.repository.ts';
import { createSlotHoldsService } from './slot-holds.service.ts';
import { createSlotTurns } from './slot-turns.ts';

export {
  listManagedAppointments,
  type ManagedAppointment,
} from './appointment-changes.repository.ts';
export type {
  AppointmentChangesService,
  CancelWords,
  ChangeCheck,
} from './appointment-changes.service.ts';
export {
  type AppointmentOfKey,
  endAppointment,
  listAppointmentsOfKey,
} from './appointments.repository.ts';
export { patientLocale } from './booking.repository.ts';
export type { BookingCleanup, CleanupResult } from './booking-cleanup.ts';
export { clinicWallTime, emailHash } from './booking-format.ts';
export { bookingKeyState, lockBookingKey } from './booking-keys.repository.ts';
export { assertKeyUsable, generateBookingKey } from './booking-keys.service.ts';
export { findPreviewBooking } from './booking-preview.repository.ts';
export {
  type BookingRequestOfKey,
  findBookingRequestOfKey,
} from './booking-requests.repository.ts';
export type { KeyState as BookingKeyState } from './booking-store.ts';
export type { OfferedSlot, OfferedSlotFinder } from './offered-slot.ts';
export type { PatientFacts, QuestionnaireHooks } from './questionnaire-hooks.ts';

/** SQLSTATE 40P01: PostgreSQL aborted this transaction to break a deadlock. */
const deadlockDetected = '40P01';

/**
 * Runs a transaction once more if PostgreSQL chose it as a deadlock's victim
 * (two multi-slot bookings meeting on two resources' booking versions in
 * opposite order, migration 007): the work is re-runnable (its ids are made
 * inside it) and the retry meets no partner any more.
 */
async function retryingDeadlock<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== deadlockDetected) throw error;
    return run();
  }
}

/** The repository functions bound to a database, or to one open transaction. */
function createBookingStore(db: Db, questionnaires?: QuestionnaireHooks): BookingStore {
  return {
    transaction: (work) =>
      db.isTransaction
        ? work(createBookingStore(db, questionnaires))
        : retryingDeadlock(() =>
            db.transaction().execute((trx) => work(createBookingStore(trx, questionnaires))),
          ),
    insertBookingKey: (key, now, expiresAt) => keys.insertBookingKey(db, key, now, expiresAt),
    bookingKeyState: (key, now) => keys.bookingKeyState(db, key, now),
    lockBookingKey: (key, now) => keys.lockBookingKey(db, key, now),
    consumeBookingKey: (key, now) => keys.consumeBookingKey(db, key, now),
    findExam: (slug) => lookups.findExam(db, slug),
    findClinic: (slug) => lookups.findClinic(db, slug),
    clinicOffersExam: (clinicId, examId) => lookups.clinicOffersExam(db, clinicId, examId),
    insertPatient: (details, locale) => lookups.insertPatient(db, details, locale),
    insertAuditEvent: (event, now) => audit.insertAuditEvent(db, event, now),
    hasAuditEvent: (action, subjectId) => audit.hasAuditEvent(db, action, subjectId),
    moveTemporaryDocuments: (from, to) => lookups.moveTemporaryDocuments(db, from, to),
    moveQuestionnaireAnswers: async (from, to) =>
      questionnaires ? questionnaires.moveTemporaryAnswers(db, from, to) : 0,
    deleteExpiredHolds: (resourceIds, start, end, now) =>
      holds.deleteExpiredHolds(db, resourceIds, start, end, now),
    insertHoldOnFirstFreeResource: (input) => holds.insertHoldOnFirstFreeResource(db, input),
    countLiveHolds: (bookingKey, now) => holds.countLiveHolds(db, bookingKey, now),
    releaseHold: (holdId, bookingKey) => holds.releaseHold(db, holdId, bookingKey),
    findLiveHold: (input) => holds.findLiveHold(db, input),
    insertAppointmentFromHold: (input, hold) => bookings.insertAppointmentFromHold(db, input, hold),
    insertAppointment: (input, resourceId) => bookings.insertAppointment(db, input, resourceId),
    createAppointmentRecords: (input) => bookings.createAppointmentRecords(db, input),
    bookAppointmentsAtOnce: (input) => bookings.bookAppointmentsAtOnce(db, input),
    claimFirstFreeResource: (input) => bookings.claimFirstFreeResource(db, input),
    findManagedAppointment: (bookingKey, appointmentId, lock) =>
      changes.findManagedAppointment(db, bookingKey, appointmentId, lock),
    listManagedAppointments: (bookingKey) => changes.listManagedAppointments(db, bookingKey),
    recordCancelReason: (appointmentId, said) =>
      changes.recordCancelReason(db, appointmentId, said),
    endAppointment: (appointmentId, status, now) =>
      appointments.endAppointment(db, appointmentId, status, now),
    markConfirmed: (appointmentId, now) => changes.markConfirmed(db, appointmentId, now),
    markReplaced: (appointmentId, replacementId, status, now) =>
      changes.markReplaced(db, appointmentId, replacementId, status, now),
    continueCalendarEvent: (replacementId, from) =>
      changes.continueCalendarEvent(db, replacementId, from),
    lockBookingRequestOfKey: (bookingKey) => changes.lockBookingRequestOfKey(db, bookingKey),
    markBookingRequestCanceled: (id, said, now) =>
      changes.markBookingRequestCanceled(db, id, said, now),
    enqueueMessages: (messages, now) => insertOutboxMessages(db, messages, now),
    insertBookingRequest: (input) => bookingRequests.insertBookingRequest(db, input),
    listPendingAppointments: (bookingKey) => appointments.listPendingAppointments(db, bookingKey),
    enqueueNotice: (locale, notice, now) => enqueueBookingNotice(db, locale, notice, now),
  };
}

export type BookingCleanupOptions = Omit<BookingCleanupDeps, 'store'> & { db: Kysely<Database> };

/**
 * The periodic clean-up of expired holds and never-used booking keys (booking-cleanup.ts),
 * on its own store (server.ts starts it; `npm run booking-cleanup` and tests call runOnce).
 */
export function createBookingCleanup(options: BookingCleanupOptions): BookingCleanup {
  const { db, ...deps } = options;
  return createCleanup({ ...deps, store: createBookingCleanupStore(db) });
}

/**
 * Cancel, confirm, reschedule, change and cancel a booking request
 * (appointment-changes.service.ts), on the module's own store. The patient
 * portal decides who may and when; app.ts builds it once.
 */
export function createAppointmentChanges(deps: {
  db: Kysely<Database>;
  clock: Clock;
  slots: OfferedSlotFinder;
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): for patients whose locale is unknown. */
  defaultLocale: SupportedLocale;
}): AppointmentChangesService {
  return createAppointmentChangesService({ ...deps, store: createBookingStore(deps.db) });
}

export interface BookingModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  slots: OfferedSlotFinder;
  settings: Partial<BookingSettings>;
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): messages when the patient's is unknown. */
  defaultLocale: SupportedLocale;
  /** config/patient-portal.json checkIn.priorMinutes when check-in is enabled, else null. */
  checkInPriorMinutes?: number | null;
  /** The questionnaires module's gates and re-key (app.ts injects them). */
  questionnaires?: QuestionnaireHooks;
}

export const defaultBookingSettings: BookingSettings = {
  bookingKeyMinutes: 120,
  slotHoldMinutes: 10,
  maxHoldsPerKey: 10,
};

/** Booking keys, slot holds, appointments, booking requests and pending notices. */
export async function bookingModule(app: FastifyInstance, deps: BookingModuleDeps): Promise<void> {
  const store = createBookingStore(deps.db, deps.questionnaires);
  const settings = { ...defaultBookingSettings, ...deps.settings };
  const turns = createSlotTurns();
  const questionnaires = deps.questionnaires ? { questionnaires: deps.questionnaires } : {};
  const messages = {
    publicUrl: deps.publicUrl,
    providerName: deps.providerName,
    defaultLocale: deps.defaultLocale,
  };
  registerBookingRoutes(app, {
    keys: createBookingKeysService({ store, clock: deps.clock, settings }),
    holds: createSlotHoldsService({
      store,
      slots: deps.slots,
      clock: deps.clock,
      settings,
      turns,
      ...questionnaires,
    }),
    appointments: createAppointmentsService({
      store,
      slots: deps.slots,
      clock: deps.clock,
      ...messages,
      checkInPriorMinutes: deps.checkInPriorMinutes ?? null,
      turns,
      ...questionnaires,
    }),
    bookingRequests: createBookingRequestsService({
      store,
      clock: deps.clock,
      ...messages,
      ...questionnaires,
    }),
  });
}
