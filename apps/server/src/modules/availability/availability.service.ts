import type { NextAvailableSlotResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { distanceKm } from '../locations/index.ts';
import { InvalidAvailabilityQueryError } from './availability.errors.ts';
import type { AvailabilityCatalogue } from './availability-catalogue.ts';
import {
  type AvailabilityRepository,
  type AvailabilityService,
  type AvailabilitySettings,
  bookableWindow,
  clinicSummary,
  dayMs,
  examSummary,
  type OfferedSlot,
  parseTimeOfDay,
  type RequestReads,
  requireClinicForExam,
  requireExam,
  StaleCatalogue,
} from './availability-model.ts';
import { answerCache } from './free-slot-cache.ts';
import { addLocalDays, daysBetween } from './local-time.ts';
import { type CandidateSlot, filterTimeOfDay } from './slot-engine.ts';
import { createSlotReader, keptPerCatalogue } from './slot-reader.ts';
import { createWireFormat } from './slot-wire.ts';

export type {
  AvailabilityRepository,
  AvailabilityService,
  AvailabilitySettings,
  BookableSlotLookup,
  OfferedSlot,
} from './availability-model.ts';

export const maxRangeDays = 62;
/**
 * Next-available scans forward in growing windows (days): most clinics have a
 * free slot within a day, so the first read of bookings is small.
 */
const searchWindowsDays = [1, 3, 10, 31, 62, 400];

/** The slot engine's answers: a clinic's days, next available, and what booking checks. */
export function createAvailabilityService(deps: {
  repository: AvailabilityRepository;
  clock: Clock;
  settings: AvailabilitySettings;
}): AvailabilityService {
  const { repository: repo, clock, settings } = deps;
  const { withCatalogue, slotsFor, versionsOf, offeredSlotIn } = createSlotReader(deps);
  const toWire = createWireFormat();
  /**
   * cachedOfferedSlot's answers per catalogue: in a rush every request of the
   * same slot asks the same, and the hint is only ever read. The bookable
   * window, which moves with the clock, is applied before the memo.
   */
  const offeredHints = new WeakMap<AvailabilityCatalogue, Map<string, OfferedSlot | null>>();

  return {
    async clinicSlots(clinicSlug, query) {
      const parts = parseTimeOfDay(query.timeOfDay);
      const span = daysBetween(query.from, query.to);
      if (span < 0) {
        throw new InvalidAvailabilityQueryError('from must not be after to.', [
          { path: 'from', message: 'must not be after to' },
        ]);
      }
      if (span + 1 > maxRangeDays) {
        throw new InvalidAvailabilityQueryError(
          `At most ${maxRangeDays} days can be listed at once.`,
          [{ path: 'to', message: `at most ${maxRangeDays} days after from` }],
        );
      }
      return withCatalogue(async (view) => {
        const { catalogue } = view;
        const exam = requireExam(catalogue, query.examSlug);
        const clinic = requireClinicForExam(catalogue, clinicSlug, exam);
        const enquiry = exam.bookingRequestOnly;
        const { now, earliest, latest } = bookableWindow(clock, settings);
        const firstDay = query.minDate && query.minDate > query.from ? query.minDate : query.from;
        const zone = clinic.timeZone;
        // The instants of the requested local days, clipped to what can be booked.
        const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - 14 * 60 * 60_000;
        const from = Math.max(earliest, dayStart(firstDay));
        const to = Math.min(latest, dayStart(addLocalDays(query.to, 1)) + 28 * 60 * 60_000);
        const slots =
          (
            await slotsFor(
              view,
              exam,
              [clinic],
              { from, to, now, enquiry, ignoreBookings: false },
              {
                firstDayOnly: false,
              },
            )
          ).get(clinic.id) ?? [];
        const inDays = slots.filter((slot) => slot.day >= firstDay && slot.day <= query.to);
        return {
          clinicSlug: clinic.slug,
          timeZone: zone,
          slots: filterTimeOfDay(inDays, parts).map((slot) => toWire(clinic, exam, slot, enquiry)),
        };
      });
    },

    async nextAvailable(request) {
      return withCatalogue(async (view) => {
        const { catalogue } = view;
        const exam = requireExam(catalogue, request.examSlug);
        const enquiry = exam.bookingRequestOnly || request.isBookingRequest === true;
        const { now, earliest, latest } = bookableWindow(clock, settings);
        const searchStart = Math.max(earliest, request.start ? Date.parse(request.start) : 0);
        const searchEnd = Math.min(latest, request.end ? Date.parse(request.end) : latest);
        const clinics = catalogue.listClinicsForExam(exam.id, request.clinicIds);
        const found = new Map<number, CandidateSlot>();
        // The first read takes every clinic's booking versions; later windows reuse them.
        const reads: RequestReads = {};
        // The same question asked again with nothing changed: the answer given before.
        const answers = answerCache<NextAvailableSlotResponse>(catalogue);
        const question = JSON.stringify(request);
        let versionKey: string | null = null;
        if (!enquiry) {
          const resourceIds = clinics.flatMap(
            (clinic) => catalogue.examAtClinic(exam.id, clinic.id).resourceIds,
          );
          const versions = await versionsOf(view, reads, resourceIds);
          versionKey = resourceIds.map((id) => versions.get(id)).join(',');
          const answer = answers.get(question, versionKey, now.getTime());
          if (answer) return answer;
        }
        let pending = clinics;
        let windowStart = searchStart;
        for (const days of searchWindowsDays) {
          if (pending.length === 0 || windowStart >= searchEnd) break;
          const windowEnd = Math.min(searchEnd, windowStart + days * dayMs);
          const slots = await slotsFor(
            view,
            exam,
            pending,
            { from: windowStart, to: windowEnd, now, enquiry, ignoreBookings: false },
            { firstDayOnly: true, durationMinutes: request.customDuration, reads },
          );
          for (const [clinicId, list] of slots) if (list[0]) found.set(clinicId, list[0]);
          pending = pending.filter((clinic) => !found.has(clinic.id));
          windowStart = windowEnd;
        }
        const location = request.location;
        const results = clinics
          .filter((clinic) => found.has(clinic.id))
          .map((clinic) => ({
            clinic,
            slot: found.get(clinic.id)!,
            distance: location ? distanceKm(location, clinic) : 0,
          }))
          .sort((a, b) => a.distance - b.distance || a.slot.start - b.slot.start);
        const answer = {
          slots: results.map(({ clinic, slot }) => toWire(clinic, exam, slot, enquiry)),
        };
        if (versionKey !== null) {
          // Right until a counted hold expires, the earliest slot falls inside the notice
          // (slots start at or after now + notice), or 30 s pass (the horizon's far end moves).
          const noticeMs = earliest - now.getTime();
          const firstStart = Math.min(...results.map(({ slot }) => slot.start));
          const validUntil = Math.min(
            reads.holdsExpireAt ?? Number.POSITIVE_INFINITY,
            firstStart - noticeMs + 1,
            now.getTime() + 30_000,
          );
          answers.set(question, versionKey, validUntil, answer);
        }
        return answer;
      });
    },

    async offeredSlot({ clinicSlug, examSlug, start }) {
      return withCatalogue(async (view) => {
        const exam = requireExam(view.catalogue, examSlug);
        const clinic = requireClinicForExam(view.catalogue, clinicSlug, exam);
        return offeredSlotIn(view, exam, clinic, start);
      });
    },

    async cachedOfferedSlot({ clinicSlug, examSlug, start }) {
      const view = await repo.catalogue();
      const instant = start.getTime();
      const { earliest, latest } = bookableWindow(clock, settings);
      if (Number.isNaN(instant) || instant < earliest || instant >= latest) return null;
      let hints = offeredHints.get(view.catalogue);
      if (!hints) {
        hints = new Map();
        offeredHints.set(view.catalogue, hints);
      }
      const key = `${examSlug}\n${clinicSlug}\n${instant}`;
      let hint = hints.get(key);
      if (hint === undefined) {
        const exam = view.catalogue.findExamBySlug(examSlug);
        const clinic = view.catalogue.findClinicBySlug(clinicSlug);
        const atClinic =
          exam && clinic ? view.catalogue.listClinicsForExam(exam.id, [clinic.id])[0] : undefined;
        hint =
          !exam || !atClinic || exam.bookingRequestOnly
            ? null
            : await offeredSlotIn(view, exam, atClinic, start);
        if (hints.size >= keptPerCatalogue) hints.clear();
        hints.set(key, hint);
      }
      return hint;
    },

    async lookupBookableSlot({ clinicSlug, examSlug, start, bookingKey }) {
      return withCatalogue(async (view) => {
        const { catalogue } = view;
        const exam = catalogue.findExamBySlug(examSlug);
        const clinic = catalogue.findClinicBySlug(clinicSlug);
        const atClinic =
          exam && clinic ? catalogue.listClinicsForExam(exam.id, [clinic.id])[0] : undefined;
        const slot =
          exam && atClinic && !exam.bookingRequestOnly
            ? await offeredSlotIn(view, exam, atClinic, start)
            : null;
        let taken = false;
        let freeResourceIds = slot?.resourceIds ?? [];
        if (slot && slot.resourceIds.length > 0 && bookingKey !== undefined) {
          // Also confirms the catalogue version: still one round trip.
          const read = await repo.readBusyResources({
            resourceIds: slot.resourceIds,
            start: slot.start,
            end: slot.end,
            now: clock.now(),
            ownBookingKey: bookingKey,
          });
          if (read.version !== view.version) {
            repo.invalidateCatalogue(read.version);
            if (!view.confirmed) throw new StaleCatalogue();
          }
          view.confirmed = true;
          freeResourceIds = slot.resourceIds.filter((id) => !read.busy.has(id));
          taken = freeResourceIds.length === 0;
        }
        return {
          exam: exam ? examSummary(exam) : null,
          clinic: clinic ? clinicSummary(clinic) : null,
          examAtClinic: atClinic !== undefined,
          slot,
          taken,
          freeResourceIds,
        };
      });
    },
  };
}
