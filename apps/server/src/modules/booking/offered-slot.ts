import type { AvailabilityService, OfferedSlot } from '../availability/index.ts';

/** What booking needs from availability: the resources offering one exact start. */
export type OfferedSlotFinder = Pick<AvailabilityService, 'offeredSlot'>;
export type { OfferedSlot };
