import type { Clock } from '../../adapters/clock.ts';
import type { ClinicForExam, ExamRow } from './availability.repository.ts';
import type { AvailabilityCatalogue, CatalogueSnapshot } from './availability-catalogue.ts';
import {
  type AvailabilityRepository,
  type AvailabilitySettings,
  bookableWindow,
  clinicSummary,
  examSummary,
  type OfferedSlot,
  type RequestReads,
  StaleCatalogue,
} from './availability-model.ts';
import { createFreeSlots } from './free-slots.ts';
import { localDayOf } from './local-time.ts';
import { offeredSlotsFor } from './offered-slots.ts';
import type { CandidateSlot } from './slot-engine.ts';

/** Entries each per-catalogue memo (offered days, slot hints) keeps before starting over. */
export const keptPerCatalogue = 4096;

/**
 * Reading slots against one confirmed catalogue: the catalogue retry loop, free or offered slots
 * of several clinics, and one offered start (what booking checks), with their per-catalogue memos.
 */
export function createSlotReader(deps: {
  repository: AvailabilityRepository;
  clock: Clock;
  settings: AvailabilitySettings;
}) {
  const { repository: repo, clock, settings } = deps;
  const { versionsOf, freeSlotsFor } = createFreeSlots(repo);

  /**
   * The starts one clinic offers for an exam around one local day, bookings
   * ignored, kept per catalogue (which never changes once built): every
   * booking request asks for one, and a rush asks for the same few days.
   * Unclipped by the bookable window, which the caller applies (starts are
   * laid from each schedule window's start, so clipping moves none of them).
   */
  const offeredDays = new WeakMap<AvailabilityCatalogue, Map<string, CandidateSlot[]>>();

  async function offeredDay(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinic: ClinicForExam,
    day: string,
    from: number,
    to: number,
  ): Promise<CandidateSlot[]> {
    let days = offeredDays.get(view.catalogue);
    if (!days) {
      days = new Map();
      offeredDays.set(view.catalogue, days);
    }
    const key = `${exam.id}:${clinic.id}:${day}`;
    let slots = days.get(key);
    if (!slots) {
      slots =
        (
          await offeredSlotsFor(
            view,
            exam,
            [clinic],
            { from, to, enquiry: false },
            {
              firstDayOnly: false,
            },
          )
        ).get(clinic.id) ?? [];
      if (days.size >= keptPerCatalogue) days.clear();
      days.set(key, slots);
    }
    return slots;
  }

  async function offeredSlotIn(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinic: ClinicForExam,
    start: Date,
  ): Promise<OfferedSlot | null> {
    const instant = start.getTime();
    const { now, earliest, latest } = bookableWindow(clock, settings);
    if (Number.isNaN(instant) || instant < earliest || instant >= latest) return null;
    const enquiry = exam.bookingRequestOnly;
    // The whole clinic-local day, so an enquiry slot's part of the day is complete.
    const day = localDayOf(clinic.timeZone, instant);
    const dayFrom = Date.parse(`${day}T00:00:00Z`) - 14 * 60 * 60_000;
    const dayTo = Date.parse(`${day}T00:00:00Z`) + 38 * 60 * 60_000;
    const slots = enquiry
      ? ((
          await slotsFor(
            view,
            exam,
            [clinic],
            {
              from: Math.max(earliest, dayFrom),
              to: Math.min(latest, dayTo),
              now,
              enquiry,
              ignoreBookings: true,
            },
            { firstDayOnly: false },
          )
        ).get(clinic.id) ?? [])
      : await offeredDay(view, exam, clinic, day, dayFrom, dayTo);
    const slot = slots.find((candidate) => candidate.start === instant);
    if (!slot) return null;
    return {
      clinic: clinicSummary(clinic),
      exam: examSummary(exam),
      start: new Date(slot.start),
      end: new Date(slot.end),
      resourceIds: [...slot.resourceIds],
      enquiry,
      catalogueVersion: view.version,
    };
  }

  /** Runs `work` on a catalogue whose version is confirmed current before the answer is used. */
  async function withCatalogue<T>(work: (view: CatalogueSnapshot) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const view = await repo.catalogue();
      // A changing database never starves a request: the third try takes what it read.
      if (attempt >= 3) view.confirmed = true;
      const isCurrent = async () => {
        if (view.confirmed) return true;
        const version = await repo.catalogueVersion();
        repo.invalidateCatalogue(version);
        return version === view.version;
      };
      try {
        const result = await work(view);
        if (await isCurrent()) return result;
      } catch (error) {
        if (error instanceof StaleCatalogue) continue;
        // An unknown exam or clinic may only be unknown to an old catalogue.
        if (await isCurrent()) throw error;
      }
    }
  }

  /**
   * Candidate slots of several clinics over instants [from, to). Free slots
   * (bookings counted) come from this instance's day cache while the booking
   * versions read in this request still match (free-slot-cache.ts); the rest
   * is computed from bookings read fresh.
   */
  async function slotsFor(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinics: ClinicForExam[],
    range: { from: number; to: number; now: Date; enquiry: boolean; ignoreBookings: boolean },
    options: { firstDayOnly: boolean; durationMinutes?: number; reads?: RequestReads },
  ): Promise<Map<number, CandidateSlot[]>> {
    if (clinics.length === 0 || range.from >= range.to) return new Map();
    if (range.ignoreBookings || range.enquiry)
      return offeredSlotsFor(view, exam, clinics, range, options);
    return freeSlotsFor(view, exam, clinics, range, {
      firstDayOnly: options.firstDayOnly,
      durationMinutes: options.durationMinutes,
      reads: options.reads ?? {},
    });
  }

  return { withCatalogue, slotsFor, versionsOf, offeredSlotIn };
}

export type SlotReader = ReturnType<typeof createSlotReader>;
