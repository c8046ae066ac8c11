import type { AvailabilityCatalogue } from './availability-catalogue.ts';
import type { CandidateSlot } from './slot-engine.ts';

/**
 * Free slots this instance computed, per exam, clinic, duration and
 * clinic-local day (whole days, not cut to a request's window), each with the
 * booking versions of the clinic's resources it was computed at and the
 * moment its earliest counted hold expires. An entry is used only while the
 * versions read in the current request are the same and no hold in it has
 * expired, so a booking or hold made through any instance is seen at once
 * (docs/decisions/012-free-slot-cache.md). Entries are never mutated.
 */
export interface FreeSlotCache {
  get(
    examId: number,
    clinicId: number,
    duration: number,
    day: string,
    versionKey: string,
    now: number,
  ): { slots: CandidateSlot[]; validUntil: number } | undefined;
  set(
    examId: number,
    clinicId: number,
    duration: number,
    day: string,
    versionKey: string,
    validUntil: number,
    slots: CandidateSlot[],
  ): void;
}

interface Entry {
  versionKey: string;
  validUntil: number;
  slots: CandidateSlot[];
}

/** Bounded: the oldest entries go first (a Map keeps insertion order). */
const maxEntries = 20_000;

function createFreeSlotCache(): FreeSlotCache {
  const entries = new Map<string, Entry>();
  const keyOf = (examId: number, clinicId: number, duration: number, day: string) =>
    `${examId} ${clinicId} ${duration} ${day}`;
  return {
    get(examId, clinicId, duration, day, versionKey, now) {
      const entry = entries.get(keyOf(examId, clinicId, duration, day));
      if (!entry || entry.versionKey !== versionKey || now >= entry.validUntil) return undefined;
      return entry;
    },
    set(examId, clinicId, duration, day, versionKey, validUntil, slots) {
      const key = keyOf(examId, clinicId, duration, day);
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { versionKey, validUntil, slots });
    },
  };
}

/** One cache per catalogue: a new catalogue (schedules changed) starts empty. */
const caches = new WeakMap<AvailabilityCatalogue, FreeSlotCache>();

export function freeSlotCache(catalogue: AvailabilityCatalogue): FreeSlotCache {
  let cache = caches.get(catalogue);
  if (!cache) {
    cache = createFreeSlotCache();
    caches.set(catalogue, cache);
  }
  return cache;
}

/**
 * Whole next-available answers, per catalogue and request, with the versions
 * of every resource they looked at and the moment they stop being right on
 * their own: a counted hold expires, the earliest slot in them falls inside
 * the minimum notice, or (at most 30 s) the horizon moves far enough to
 * matter. Same rules as the days they were made of.
 */
export interface AnswerCache<T> {
  get(key: string, versionKey: string, now: number): T | undefined;
  set(key: string, versionKey: string, validUntil: number, answer: T): void;
}

const maxAnswers = 2_000;
const answerCaches = new WeakMap<AvailabilityCatalogue, AnswerCache<unknown>>();

export function answerCache<T>(catalogue: AvailabilityCatalogue): AnswerCache<T> {
  let cache = answerCaches.get(catalogue);
  if (!cache) {
    const entries = new Map<string, Entry & { answer: unknown }>();
    cache = {
      get(key, versionKey, now) {
        const entry = entries.get(key);
        if (!entry || entry.versionKey !== versionKey || now >= entry.validUntil) return undefined;
        return entry.answer;
      },
      set(key, versionKey, validUntil, answer) {
        entries.delete(key);
        if (entries.size >= maxAnswers) entries.delete(entries.keys().next().value as string);
        entries.set(key, { versionKey, validUntil, slots: [], answer });
      },
    };
    answerCaches.set(catalogue, cache);
  }
  return cache as AnswerCache<T>;
}
