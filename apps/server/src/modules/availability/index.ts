import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import * as repository from './availability.repository.ts';
import { registerAvailabilityRoutes } from './availability.routes.ts';
import {
  type AvailabilityService,
  type AvailabilitySettings,
  type BookableSlotLookup,
  createAvailabilityService as createService,
  type OfferedSlot,
} from './availability.service.ts';
import { createCatalogueCache } from './availability-catalogue.ts';
import { batchVersionReads } from './batched-version-reads.ts';
import { formatWithOffset, offsetAt } from './local-time.ts';

export { catalogueStillAt } from './availability.repository.ts';
export { addLocalDays, localDayOf } from './local-time.ts';
export { timedPreparation } from './preparation-times.ts';
export type { AvailabilityService, AvailabilitySettings, BookableSlotLookup, OfferedSlot };

/** The contract's defaults (config/booking.json normally overrides them). */
export const defaultAvailabilitySettings: AvailabilitySettings = {
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 90,
};

export interface AvailabilityDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Pass `provider.booking`; missing values fall back to the defaults. */
  settings?: Partial<AvailabilitySettings>;
}

/**
 * The slot engine over the database. `offeredSlot` is what the booking module
 * books against: the resources whose schedules offer that exact start.
 */
export function createAvailabilityService({
  db,
  clock,
  settings,
}: AvailabilityDeps): AvailabilityService {
  const readBookingVersions = batchVersionReads((resourceIds) =>
    repository.readBookingVersions(db, resourceIds),
  );
  const catalogue = createCatalogueCache({
    load: () => repository.loadCatalogueRows(db),
  });
  return createService({
    clock,
    settings: {
      minimumNoticeMinutes:
        settings?.minimumNoticeMinutes ?? defaultAvailabilitySettings.minimumNoticeMinutes,
      bookingHorizonDays:
        settings?.bookingHorizonDays ?? defaultAvailabilitySettings.bookingHorizonDays,
    },
    repository: {
      catalogue: catalogue.snapshot,
      catalogueVersion: () => repository.readAvailabilityVersion(db),
      invalidateCatalogue: catalogue.invalidate,
      listBookings: (resourceIds, from, to, now) =>
        repository.listBookings(db, resourceIds, from, to, now),
      readBookingVersions,
      readBusyResources: (input) => repository.readBusyResources(db, input),
    },
  });
}

/** An instant as the wire shows it: ISO 8601 with the clinic's offset at that instant. */
export function formatClinicTime(instant: Date, timeZone: string): string {
  return formatWithOffset(instant.getTime(), offsetAt(timeZone, instant.getTime()));
}

/**
 * GET /api/clinics/{clinicSlug}/slots and POST /api/slots/next-available, answered by the
 * process's one availability service (app.ts builds it once and hands the same one to booking,
 * so both read one catalogue cache and one free-slot cache).
 */
export async function availabilityModule(
  app: FastifyInstance,
  deps: { service: AvailabilityService },
) {
  registerAvailabilityRoutes(app, deps.service);
}
