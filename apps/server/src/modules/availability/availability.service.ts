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
import { ExamNotAtClinicError, UnknownClinicError, UnknownExamError } from '../catalogue/index.ts';
import { distanceKm } from '../locations/index.ts';
import { InvalidAvailabilityQueryError } from './availability.errors.ts';
import type * as repository from './availability.repository.ts';
import type { ClinicForExam, ClinicRow, ExamRow } from './availability.repository.ts';
import {
  type AvailabilityCatalogue,
  type CatalogueSnapshot,
  groupBy,
} from './availability-catalogue.ts';
import { answerCache, freeSlotCache } from './free-slot-cache.ts';
import { addLocalDays, daysBetween, formatWithOffset, localDayOf } from './local-time.ts';
import { type CandidateSlot, computeSlots, enquirySlots, filterTimeOfDay } from './slot-engine.ts';

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
  /** The catalogue version and the resources' booking versions, read fresh. */
  readBookingVersions: Bound<typeof repository.readBookingVersions>;
  /** The catalogue version and which resources are busy for a period now, read fresh. */
  readBusyResources: Bound<typeof repository.readBusyResources>;
}

/** The cached catalogue turned out older than the database's: start the request again. */
class StaleCatalogue extends Error {}

/** What one request has read so far (it answers as of one moment). */
interface RequestReads {
  versions?: Map<number, string>;
  /** The earliest moment a hold counted in the free slots used so far expires. */
  holdsExpireAt?: number;
}

/** A start the clinic's schedules offer for the exam (bookings ignored): what S2 books against. */
export interface OfferedSlot {
  clinic: { id: number; slug: string; name: string; timeZone: string };
  exam: {
    id: number;
    slug: string;
    name: string;
    modalityName: string;
    modalitySlug: string;
    bookingRequestOnly: boolean;
  };
  start: Date;
  end: Date;
  /** Resources whose schedule (minus closures) offers this start, lowest id first. */
  resourceIds: number[];
  /** True for a booking-request-only exam's enquiry slot (start..end is a part of the day). */
  enquiry: boolean;
  /** The catalogue version it was computed from (same version, same resources). */
  catalogueVersion: string;
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
    /** With it, `taken` says whether others already occupy every resource (its own holds aside). */
    bookingKey?: string;
  }): Promise<BookableSlotLookup>;
  /**
   * The slot as this instance's cached catalogue offers it, without a query
   * (unless nothing is cached yet). Possibly stale: a hint for telling requests
   * for the same slot apart, never a check; null when not offered.
   */
  cachedOfferedSlot(input: {
    clinicSlug: string;
    examSlug: string;
    start: Date;
  }): Promise<OfferedSlot | null>;
}

/** What `lookupBookableSlot` found (null: unknown or inactive). */
export interface BookableSlotLookup {
  exam: OfferedSlot['exam'] | null;
  clinic: OfferedSlot['clinic'] | null;
  examAtClinic: boolean;
  slot: OfferedSlot | null;
  /**
   * Every resource offering the slot was busy when looked up (an appointment,
   * or a live hold of another booking key): a hint to fail early and cheaply;
   * false when not asked or not known.
   */
  taken: boolean;
  /** The slot's resources not found busy by that look (all of them when not asked). */
  freeResourceIds: number[];
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
    if (!atClinic) throw new ExamNotAtClinicError(exam.name, clinic.name);
    return atClinic;
  }

  const examSummary = (exam: ExamRow): OfferedSlot['exam'] => ({
    id: exam.id,
    slug: exam.slug,
    name: exam.name,
    modalityName: exam.modalityName,
    modalitySlug: exam.modalitySlug,
    bookingRequestOnly: exam.bookingRequestOnly,
  });

  const clinicSummary = (clinic: ClinicRow): OfferedSlot['clinic'] => ({
    id: clinic.id,
    slug: clinic.slug,
    name: clinic.name,
    timeZone: clinic.timeZone,
  });

  /**
   * The starts one clinic offers for an exam around one local day, bookings
   * ignored, kept per catalogue (which never changes once built): every
   * booking request asks for one, and a rush asks for the same few days.
   * Unclipped by the bookable window, which the caller applies (starts are
   * laid from each schedule window's start, so clipping moves none of them).
   */
  const offeredDays = new WeakMap<AvailabilityCatalogue, Map<string, CandidateSlot[]>>();
  /** Entries each per-catalogue memo (offered days, slot hints) keeps before starting over. */
  const keptPerCatalogue = 4096;

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

  /**
   * cachedOfferedSlot's answers per catalogue: in a rush every request of the
   * same slot asks the same, and the hint is only ever read. The bookable
   * window, which moves with the clock, is applied before the memo.
   */
  const offeredHints = new WeakMap<AvailabilityCatalogue, Map<string, OfferedSlot | null>>();

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

  /** Booking versions of resources, read once per request (a request answers as of one moment). */
  async function versionsOf(
    view: CatalogueSnapshot,
    reads: RequestReads,
    resourceIds: number[],
  ): Promise<Map<number, string>> {
    const known = reads.versions;
    if (known && resourceIds.every((id) => known.has(id))) return known;
    const wanted = [...new Set(resourceIds)];
    const read = await repo.readBookingVersions(wanted);
    if (read.version !== view.version) {
      repo.invalidateCatalogue(read.version);
      if (!view.confirmed) throw new StaleCatalogue();
    }
    view.confirmed = true;
    const versions = new Map(known ?? []);
    for (const id of wanted) versions.set(id, read.resources.get(id) ?? '0');
    reads.versions = versions;
    return versions;
  }

  async function freeSlotsFor(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinics: ClinicForExam[],
    range: { from: number; to: number; now: Date },
    options: { firstDayOnly: boolean; durationMinutes?: number; reads: RequestReads },
  ): Promise<Map<number, CandidateSlot[]>> {
    const now = range.now.getTime();
    const cache = freeSlotCache(view.catalogue);
    const plans = clinics.map((clinic) => {
      const fromDay = localDayOf(clinic.timeZone, range.from);
      const toDay = localDayOf(clinic.timeZone, range.to - 1);
      // All the clinic's windows for the exam (the engine applies validity per day), so
      // the resources behind a day's slots are always among `resourceIds`.
      const { schedules, resourceIds } = view.catalogue.examAtClinic(exam.id, clinic.id);
      const days: string[] = [];
      for (let day = fromDay; day <= toDay; day = addLocalDays(day, 1)) days.push(day);
      return {
        clinic,
        duration: options.durationMinutes ?? clinic.durationMinutes,
        schedules,
        resourceIds,
        days,
        lists: new Map<string, CandidateSlot[]>(),
      };
    });
    const versions = await versionsOf(
      view,
      options.reads,
      plans.flatMap((plan) => plan.resourceIds),
    );
    const missing: Array<{ plan: (typeof plans)[number]; versionKey: string }> = [];
    for (const plan of plans) {
      const versionKey = plan.resourceIds.map((id) => `${id}:${versions.get(id)}`).join(',');
      for (const day of plan.days) {
        const cached = cache.get(exam.id, plan.clinic.id, plan.duration, day, versionKey, now);
        if (!cached) {
          missing.push({ plan, versionKey });
          break;
        }
        plan.lists.set(day, cached.slots);
        options.reads.holdsExpireAt = Math.min(
          options.reads.holdsExpireAt ?? Number.POSITIVE_INFINITY,
          cached.validUntil,
        );
      }
    }
    if (missing.length > 0) {
      // Whole clinic-local days (every zone's day lies in [UTC midnight - 14 h, + 38 h]).
      const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - 14 * 60 * 60_000;
      let from = Number.POSITIVE_INFINITY;
      let to = Number.NEGATIVE_INFINITY;
      for (const { plan } of missing) {
        from = Math.min(from, dayStart(plan.days[0]!));
        to = Math.max(to, dayStart(plan.days.at(-1)!) + 52 * 60 * 60_000 + plan.duration * 60_000);
      }
      const resourceIds = [...new Set(missing.flatMap(({ plan }) => plan.resourceIds))];
      const read = await repo.listBookings(resourceIds, new Date(from), new Date(to), range.now);
      if (read.version !== view.version) {
        repo.invalidateCatalogue(read.version);
        if (!view.confirmed) throw new StaleCatalogue();
      }
      const bookingsOf = groupBy(read.bookings, (period) => period.resourceId!);
      options.reads.holdsExpireAt = Math.min(
        options.reads.holdsExpireAt ?? Number.POSITIVE_INFINITY,
        read.holdsExpireAt,
      );
      for (const { plan, versionKey } of missing) {
        const bookings = plan.resourceIds.flatMap((id) => bookingsOf.get(id) ?? []);
        const closures = view.catalogue.listClosures([plan.clinic.id], from, to);
        for (const day of plan.days) {
          if (plan.lists.has(day)) continue;
          const slots = computeSlots({
            timeZone: plan.clinic.timeZone,
            durationMinutes: plan.duration,
            fromDay: day,
            toDay: day,
            schedules: plan.schedules,
            closures,
            bookings,
            earliest: Number.NEGATIVE_INFINITY,
            latest: Number.POSITIVE_INFINITY,
          });
          // Cached under the versions read BEFORE these bookings: a change committed in
          // between makes the next request miss, never the reverse.
          cache.set(
            exam.id,
            plan.clinic.id,
            plan.duration,
            day,
            versionKey,
            read.holdsExpireAt,
            slots,
          );
          plan.lists.set(day, slots);
        }
      }
    }
    const result = new Map<number, CandidateSlot[]>();
    for (const plan of plans) {
      const slots: CandidateSlot[] = [];
      for (const day of plan.days) {
        for (const slot of plan.lists.get(day) ?? []) {
          if (slot.start >= range.from && slot.start < range.to) slots.push(slot);
        }
        if (options.firstDayOnly && slots.length > 0) break;
      }
      result.set(plan.clinic.id, slots);
    }
    return result;
  }

  /** Slots the schedules offer (bookings ignored): enquiry slots and what booking checks. */
  async function offeredSlotsFor(
    view: CatalogueSnapshot,
    exam: ExamRow,
    clinics: ClinicForExam[],
    range: { from: number; to: number; enquiry: boolean },
    options: { firstDayOnly: boolean; durationMinutes?: number },
  ): Promise<Map<number, CandidateSlot[]>> {
    const result = new Map<number, CandidateSlot[]>();
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
    const schedulesOf = groupBy(schedules, (window) => window.clinicId);
    const closuresOf = groupBy(closures, (period) => period.clinicId);
    for (const clinic of clinics) {
      const candidates = computeSlots({
        timeZone: clinic.timeZone,
        durationMinutes: options.durationMinutes ?? clinic.durationMinutes,
        fromDay: localDayOf(clinic.timeZone, range.from),
        toDay: localDayOf(clinic.timeZone, range.to - 1),
        schedules: schedulesOf.get(clinic.id) ?? [],
        closures: closuresOf.get(clinic.id) ?? [],
        bookings: [],
        earliest: range.from,
        latest: range.to,
        ignoreBookings: true,
        firstDayOnly: options.firstDayOnly,
      });
      result.set(clinic.id, range.enquiry ? enquirySlots(candidates) : candidates);
    }
    return result;
  }

  /**
   * Wire form of cached slots, kept with them: a cached slot object always
   * belongs to one exam at one clinic (the cache key), so its text never changes.
   */
  const wireForms = new WeakMap<CandidateSlot, Slot>();

  function toWire(
    clinic: ClinicForExam,
    exam: ExamRow,
    slot: CandidateSlot,
    enquiry: boolean,
  ): Slot {
    if (!enquiry) {
      let wire = wireForms.get(slot);
      if (!wire) {
        wire = toWireNow(clinic, exam, slot, false);
        wireForms.set(slot, wire);
      }
      return wire;
    }
    return toWireNow(clinic, exam, slot, enquiry);
  }

  function toWireNow(
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
      const { earliest, latest } = bookableWindow();
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
