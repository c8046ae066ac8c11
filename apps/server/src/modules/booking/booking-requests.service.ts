import type {
  BookingRequestResponseItem,
  CreateBookingRequest,
  SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { ExamNotAtClinicError, UnknownClinicError, UnknownExamError } from '../catalogue/index.ts';
import { SlotInPastError } from './booking.errors.ts';
import { clinicWallTime, emailHash } from './booking-format.ts';
import { assertKeyUsable } from './booking-keys.service.ts';
import {
  type BookingStore,
  type ClinicRow,
  type ExamRow,
  type RequestContext,
  staffDetails,
} from './booking-store.ts';
import type { QuestionnaireHooks } from './questionnaire-hooks.ts';

export interface BookingRequestsServiceDeps {
  store: BookingStore;
  clock: Clock;
  /** Links in messages: `${publicUrl}/booking-requests/{bookingKey}`. */
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): messages of a patient whose locale is unknown. */
  defaultLocale: SupportedLocale;
  /** An apiKey from a questionnaire outcome proves the booking was routed here. */
  questionnaires?: QuestionnaireHooks;
}

/** Booking requests (enquiries): the clinic contacts the patient to book. */
export function createBookingRequestsService(deps: BookingRequestsServiceDeps) {
  const { store, clock, publicUrl, providerName, defaultLocale } = deps;
  return {
    /** An enquiry: one booking request row for all exams, the key consumed, a confirmation queued. */
    async createBookingRequest(
      request: CreateBookingRequest,
      context: RequestContext,
    ): Promise<BookingRequestResponseItem[]> {
      const now = clock.now();
      assertKeyUsable(await store.bookingKeyState(request.bookingKey, now));
      const exams: ExamRow[] = [];
      for (const slug of [...new Set(request.examSlugs)]) {
        const exam = await store.findExam(slug);
        if (!exam) throw new UnknownExamError(slug, 'writing');
        exams.push(exam);
      }
      let clinic: ClinicRow | null = null;
      if (request.clinicSlug) {
        clinic = (await store.findClinic(request.clinicSlug)) ?? null;
        if (!clinic) throw new UnknownClinicError(request.clinicSlug, 'writing');
        for (const exam of exams) {
          if (!(await store.clinicOffersExam(clinic.id, exam.id))) {
            throw new ExamNotAtClinicError(exam.name, clinic.name, 'writing');
          }
        }
      }
      const preferredStart = request.preferredStart ? new Date(request.preferredStart) : null;
      if (preferredStart && preferredStart <= now) {
        throw new SlotInPastError('That time has already passed. Please choose another time.');
      }
      // An apiKey proves a questionnaire outcome routed this booking here
      // (docs/product/questionnaires.md#outcomes).
      const routed = await deps.questionnaires?.checkBookingRequest(
        request.bookingKey,
        exams.map((exam) => exam.slug),
        request.apiKey,
        request.patientDetails,
      );
      const patient = request.patientDetails;
      const bookingRequestId = await store.transaction(async (tx) => {
        assertKeyUsable(await tx.consumeBookingKey(request.bookingKey, now));
        // Stored as sent (NULL: none named, migration 029); the confirmation needs one now.
        const patientId = await tx.insertPatient(patient, request.locale ?? null);
        const id = await tx.insertBookingRequest({
          bookingKey: request.bookingKey,
          clinicId: clinic?.id ?? null,
          preferredStart,
          patientId,
          staffBooking: request.staffBooking,
          patientNotes: request.patientNotes ?? null,
          examIds: exams.map((exam) => exam.id),
        });
        await tx.insertAuditEvent(
          {
            actor: request.staffBooking ? 'staff' : 'public',
            action: 'booking-request.created',
            subjectType: 'booking_request',
            subjectId: id,
            ...context,
            details: {
              patientId,
              examIds: exams.map((exam) => String(exam.id)),
              clinicId: clinic?.id ?? null,
              ...staffDetails(context),
            },
          },
          now,
        );
        const where = clinic ? `, ${clinic.name}` : '';
        const when =
          clinic && preferredStart
            ? `, preferred ${clinicWallTime(preferredStart, clinic.timeZone)}`
            : '';
        await tx.enqueueNotice(
          request.locale ?? defaultLocale,
          {
            kind: 'BOOKING_REQUEST_CONFIRMATION',
            providerName,
            firstName: patient.firstName,
            email: patient.email,
            contactNumber: patient.contactNumber,
            link: `${publicUrl}/booking-requests/${request.bookingKey}`,
            lines: exams.map((exam) => `${exam.name}${where}${when}`),
          },
          now,
        );
        return id;
      });
      if (request.apiKey)
        await deps.questionnaires?.markApiKeyUsed(request.apiKey, bookingRequestId);
      const hash = emailHash(patient.email);
      return exams.map((exam) => ({
        modalityName: exam.modalityName,
        examName: exam.name,
        clinicName: clinic?.name ?? null,
        patientEmailHash: hash,
        bookingKey: request.bookingKey,
        success: true,
        errorMessage: null,
        ...(request.apiKey ? { confirmationMessage: routed?.confirmationMessage ?? null } : {}),
      }));
    },
  };
}

export type BookingRequestsService = ReturnType<typeof createBookingRequestsService>;
