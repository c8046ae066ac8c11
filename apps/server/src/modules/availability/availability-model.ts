import {
  type ClinicSlotsQuery,
  type ClinicSlotsResponse,
  type NextAvailableSlotRequest,
  type NextAvailableSlotResponse,
  type TimeOfDay,
  timeOfDayValues,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { ExamNotAtClinicError, UnknownClinicError, UnknownExamError } from '../catalogue/index.ts';
import { InvalidAvailabilityQueryError } from './availability.errors.ts';
import type * as repository from './availability.repository.ts';
import type { ClinicForExam, ClinicRow, ExamRow } from './availability.repository.ts';
import type { AvailabilityCatalogue, CatalogueSnapshot } from './availability-catalogue.ts';

/** The words the availability files share: settings, the repository, offered slots, lookups. */

export const dayMs = 24 * 60 * 60_000;

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
export class StaleCatalogue extends Error {}

/** What one request has read so far (it answers as of one moment). */
export interface RequestReads {
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

/** Instants that can be booked now: from the minimum notice to the booking horizon. */
export function bookableWindow(clock: Clock, settings: AvailabilitySettings) {
  const now = clock.now();
  const earliest = now.getTime() + settings.minimumNoticeMinutes * 60_000;
  const latest = now.getTime() + settings.bookingHorizonDays * dayMs;
  return { now, earliest, latest };
}

export function requireExam(catalogue: AvailabilityCatalogue, slug: string): ExamRow {
  const exam = catalogue.findExamBySlug(slug);
  if (!exam) throw new UnknownExamError(slug);
  return exam;
}

export function requireClinicForExam(
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

export const examSummary = (exam: ExamRow): OfferedSlot['exam'] => ({
  id: exam.id,
  slug: exam.slug,
  name: exam.name,
  modalityName: exam.modalityName,
  modalitySlug: exam.modalitySlug,
  bookingRequestOnly: exam.bookingRequestOnly,
});

export const clinicSummary = (clinic: ClinicRow): OfferedSlot['clinic'] => ({
  id: clinic.id,
  slug: clinic.slug,
  name: clinic.name,
  timeZone: clinic.timeZone,
});
