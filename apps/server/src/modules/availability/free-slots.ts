import type { ClinicForExam, ExamRow } from './availability.repository.ts';
import { type CatalogueSnapshot, groupBy } from './availability-catalogue.ts';
import {
  type AvailabilityRepository,
  type RequestReads,
  StaleCatalogue,
} from './availability-model.ts';
import { freeSlotCache } from './free-slot-cache.ts';
import { addLocalDays, localDayOf } from './local-time.ts';
import { type CandidateSlot, computeSlots } from './slot-engine.ts';

/**
 * Free slots (bookings counted) of several clinics: from this instance's day cache while the
 * booking versions read in this request still match (free-slot-cache.ts, decision 012), the rest
 * computed from bookings read fresh.
 */
export function createFreeSlots(repo: AvailabilityRepository) {
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

  return { versionsOf, freeSlotsFor };
}
