import type { AvailabilityService, OfferedSlot } from '../availability/index.ts';

/**
 * What booking needs from availability: the resources offering one exact
 * start, and the exam/clinic checks, answered from its cached catalogue.
 */
export type OfferedSlotFinder = Pick<
  AvailabilityService,
  'offeredSlot' | 'lookupBookableSlot' | 'cachedOfferedSlot'
>;
export type { OfferedSlot };
