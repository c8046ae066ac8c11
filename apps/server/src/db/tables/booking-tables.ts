/**
 * Tables added for booking (issue 3): patients, booking keys, appointments,
 * booking requests, resource bookings (appointments and holds under one
 * exclusion constraint), temporary documents, outbox messages.
 * `Database` in ../database.ts extends this interface.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the booking migration
export interface BookingTables {}
