import {
  type ClinicSlotsQuery,
  type ClinicSlotsResponse,
  type NextAvailableSlotRequest,
  type NextAvailableSlotResponse,
  type Slot,
  type TimeOfDay,
  timeOfDayValues,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { distanceKm } from '../locations/index.ts';
import {
  ExamNotAtClinicError,
  InvalidAvailabilityQueryError,
  UnknownClinicError,
  UnknownExamError,
} from './availability.errors.ts';
import type * as repository from './availability.repository.ts';
import type { ClinicForExam, ClinicRow, ExamRow } from './availability.repository.ts';
import {
  type AvailabilityCatalogue,
  type CatalogueSnapshot,
  groupBy,
} from './availability-catalogue.ts';
import { addLocalDays, daysBetween, formatWithOffset, localDayOf } from './local-time.ts';
import {
  type BusyPeriod,
  type CandidateSlot,
  computeSlots,
  enquirySlots,
  filterTimeOfDay,
} from './slot-engine.ts';

const dayMs = 24 * 60 * 60_000;
export const maxRangeDays = 62;
/**
 * Next-available scans forward in growing windows (days): most clinics have a
 * free slot within a day, so the first read of bookings is small.
 */
const searchWindowsDays = [1, 3, 10, 31, 62, 400];

export interface AvailabilitySettings {
  minimumNoticeMinutes: number;
  bookingHorizonDays: number;
}

/** The repository functions with `db` bound (see index.ts). */
type Bound<F> = F extends (db: never, ...args: infer A) => infer R ? (...args: A) => R : never;
export interface AvailabilityRepository {
  /** The catalogue and schedules, possibly from memory (see availability-catalogue.ts). */
  catalogue(): Promise<CatalogueSnapshot>;
  /** The database's catalogue version now. */
  catalogueVersion(): Promise<string>;
  /** Forgets a cached catalogue older than `version`. */
  invalidateCatalogue(version: string): void;
  /** Always read fresh: appointments and live holds, with the catalogue version. */
  listBookings: Bound<typeof repository.listBookings>;
}

/** The cached catalogue turned out older than the database's: start the request again. */
class StaleCatalogue extends Error {}

/** A start the clinic's schedules offer for the exam (bookings ignored): what S2 books against. */
export interface OfferedSlot {
  clinic: { id: number; slug: string; name: string; timeZone: string };
  exam: {
    id: number;
    slug: string;
    name: string;
    modalityName: string;
    bookingRequestOnly: boolean;
  };
  start: Date;
  end: Date;
  /** Resources whose schedule (minus closures) offers this start, lowest id first. */
  resourceIds: number[];
  /** True for a booking-request-only exam's enquiry slot (start..end is a part of the day). */
  enquiry: boolean;
}

export interface AvailabilityService {
  clinicSlots(clinicSlug: string, query: ClinicSlotsQuery): Promise<ClinicSlotsResponse>;
  nextAvailable(request: NextAvailableSlotRequest): Promise<NextAvailableSlotResponse>;
  offeredSlot(input: {
    clinicSlug: string;
    examSlug: string;
    start: Date;
  }): Promise<OfferedSlot | null>;
  /**
   * Everything booking checks about one requested start, answered from one
   * confirmed catalogue (no query but the version check): the exam, the clinic,
   * whether the clinic performs the exam, and the offered slot (computed only
   * when the exam is bookable there; null otherwise).
   */
  lookupBookableSlot(input: {
    clinicSlug: string;
    examSlug: string;
    start: Date;
  }): Promise<BookableSlotLookup>;
}

/** What `lookupBookableSlot` found (null: unknown or inactive). */
export interface BookableSlotLookup {
  exam: OfferedSlot['exam'] | null;
  clinic: OfferedSlot['clinic'] | null;
  examAtClinic: boolean;
  slot: OfferedSlot | null;
}

export function parseTimeOfDay(text: string | undefined): TimeOfDay[] {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part.length > 0);
  const unknown = parts.filter((part) => !(timeOfDayValues as readonly string[]).includes(part));
  if (unknown.length > 0) {
    throw new InvalidAvailabilityQueryError(
      'timeOfDay is a comma list of MORNING, AFTERNOON, EVENING.',
      [{ path: 'timeOfDay', message: `unknown value ${unknown.join(', ')}` }],
    );
  }
  return [...new Set(parts)] as TimeOfDay[];
}

export function createAvailabilityService(deps: {
  repository: AvailabilityRepository;
  clock: Clock;
  settings: AvailabilitySettings;
}): AvailabilityService {
  const { repository: repo, clock, settings } = deps;

  function bookableWindow() {
    const now = clock.now();
    const earliest = now.getTime() + settings.minimumNoticeMinutes * 60_000;
    const latest = now.getTime() + settings.bookingHorizonDays * dayMs;
    return { now, earliest, latest };
  }

  function requireExam(catalogue: AvailabilityCatalogue, slug: string): ExamRow {
    const exam = catalogue.findExamBySlug(slug);
    if (!exam) throw new UnknownExamError(slug);
    return exam;
  }

  function requireClinicForExam(
    catalogue: AvailabilityCatalogue,
    clinicSlug: string,
    exam: ExamRow,
  ): ClinicForExam {
    const clinic: ClinicRow | undefined = catalogue.findClinicBySlug(clinicSlug);
    if (!clinic) throw new UnknownClinicError(clinicSlug);
    const [atClinic] = catalogue.listClinicsForExam(exam.id, [clinic.id]);
    if (!atClinic) throw new ExamNotAtClinicError(exam.slug, clinic.slug);
    return atClinic;
  }

  const examSummary = (exam: ExamRow): OfferedSlot['exam'] => ({
    id: exam.id,
    slug: exam.slug,
    name: exam.name,
    modalityName: exam.modalityName,
    bookingRequestOnly: exam.bookingRequestOnly,
  });

  const clinicSummary = (clinic: ClinicRow): OfferedSlot['clinic'] => ({
    id: clinic.id,
    slug: clinic.slug,
    name: clinic.name,
    timeZone: clinic.timeZone,
  });

  /** The start the clinic's schedules offer for the exam (bookings ignored), or null. */
  async function offeredSlotIn(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinic: ClinicForExam,
    start: Date,
  ): Promise<OfferedSlot | null> {
    const instant = start.getTime();
    const { now, earliest, latest } = bookableWindow();
    if (Number.isNaN(instant) || instant < earliest || instant >= latest) return null;
    const enquiry = exam.bookingRequestOnly;
    // The whole clinic-local day, so an enquiry slot's part of the day is complete.
    const day = localDayOf(clinic.timeZone, instant);
    const from = Math.max(earliest, Date.parse(`${day}T00:00:00Z`) - 14 * 60 * 60_000);
    const to = Math.min(latest, Date.parse(`${day}T00:00:00Z`) + 38 * 60 * 60_000);
    const slots =
      (
        await slotsFor(
          view,
          exam,
          [clinic],
          { from, to, now, enquiry, ignoreBookings: true },
          {
            firstDayOnly: false,
          },
        )
      ).get(clinic.id) ?? [];
    const slot = slots.find((candidate) => candidate.start === instant);
    if (!slot) return null;
    return {
      clinic: clinicSummary(clinic),
      exam: examSummary(exam),
      start: new Date(slot.start),
      end: new Date(slot.end),
      resourceIds: slot.resourceIds,
      enquiry,
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

  /** Candidate slots of several clinics over instants [from, to); bookings read fresh. */
  async function slotsFor(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinics: ClinicForExam[],
    range: { from: number; to: number; now: Date; enquiry: boolean; ignoreBookings: boolean },
    options: { firstDayOnly: boolean; durationMinutes?: number },
  ): Promise<Map<number, CandidateSlot[]>> {
    const result = new Map<number, CandidateSlot[]>();
    if (clinics.length === 0 || range.from >= range.to) return result;
    const ids = clinics.map((clinic) => clinic.id);
    // Local days of every zone lie within a day either side of the UTC days.
    const firstDay = addLocalDays(new Date(range.from).toISOString().slice(0, 10), -1);
    const lastDay = addLocalDays(new Date(range.to).toISOString().slice(0, 10), 1);
    // A slot starting before range.to ends at most its duration later.
    const longest = Math.max(
      ...clinics.map((clinic) => options.durationMinutes ?? clinic.durationMinutes),
    );
    const from = range.from;
    const to = range.to + longest * 60_000;
    const schedules = view.catalogue.listSchedules(exam.id, ids, firstDay, lastDay);
    const closures = view.catalogue.listClosures(ids, from, to);
    const resourceIds = [...new Set(schedules.map((window) => window.resourceId))];
    let bookings: BusyPeriod[] = [];
    if (!range.ignoreBookings && !range.enquiry) {
      const read = await repo.listBookings(resourceIds, new Date(from), new Date(to), range.now);
      if (read.version !== view.version) {
        repo.invalidateCatalogue(read.version);
        if (!view.confirmed) throw new StaleCatalogue();
      }
      view.confirmed = true;
      bookings = read.bookings;
    }
    const clinicOfResource = new Map(
      schedules.map((window) => [window.resourceId, window.clinicId]),
    );
    const schedulesOf = groupBy(schedules, (window) => window.clinicId);
    const closuresOf = groupBy(closures, (period) => period.clinicId);
    const bookingsOf = groupBy(bookings, (period) => clinicOfResource.get(period.resourceId!));
    for (const clinic of clinics) {
      const candidates = computeSlots({
        timeZone: clinic.timeZone,
        durationMinutes: options.durationMinutes ?? clinic.durationMinutes,
        fromDay: localDayOf(clinic.timeZone, range.from),
        toDay: localDayOf(clinic.timeZone, range.to - 1),
        schedules: schedulesOf.get(clinic.id) ?? [],
        closures: closuresOf.get(clinic.id) ?? [],
        bookings: bookingsOf.get(clinic.id) ?? [],
        earliest: range.from,
        latest: range.to,
        ignoreBookings: range.ignoreBookings || range.enquiry,
        firstDayOnly: options.firstDayOnly,
      });
      result.set(clinic.id, range.enquiry ? enquirySlots(candidates) : candidates);
    }
    return result;
  }

  function toWire(
    clinic: ClinicForExam,
    exam: ExamRow,
    slot: CandidateSlot,
    enquiry: boolean,
  ): Slot {
    return {
      clinicSlug: clinic.slug,
      clinicName: clinic.name,
      examSlug: exam.slug,
      start: formatWithOffset(slot.start, slot.offset),
      end: formatWithOffset(slot.end, slot.offset),
      timeZone: clinic.timeZone,
      enquiry,
    };
  }

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
        const { now, earliest, latest } = bookableWindow();
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
        const { now, earliest, latest } = bookableWindow();
        const searchStart = Math.max(earliest, request.start ? Date.parse(request.start) : 0);
        const searchEnd = Math.min(latest, request.end ? Date.parse(request.end) : latest);
        const clinics = catalogue.listClinicsForExam(exam.id, request.clinicIds);
        const found = new Map<number, CandidateSlot>();
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
            { firstDayOnly: true, durationMinutes: request.customDuration },
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
        return { slots: results.map(({ clinic, slot }) => toWire(clinic, exam, slot, enquiry)) };
      });
    },

    async offeredSlot({ clinicSlug, examSlug, start }) {
      return withCatalogue(async (view) => {
        const exam = requireExam(view.catalogue, examSlug);
        const clinic = requireClinicForExam(view.catalogue, clinicSlug, exam);
        return offeredSlotIn(view, exam, clinic, start);
      });
    },

    async lookupBookableSlot({ clinicSlug, examSlug, start }) {
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
        return {
          exam: exam ? examSummary(exam) : null,
          clinic: clinic ? clinicSummary(clinic) : null,
          examAtClinic: atClinic !== undefined,
          slot,
        };
      });
    },
  };
}
