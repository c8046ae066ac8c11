import type { Db } from '../../db/database.ts';
import type { BookingRequestStatus, BookingRequestType } from '../../db/tables/booking-tables.ts';

/** The part of a booking request the chat desk's outcome reads and changes. */
export interface ChatBookingRequest {
  id: string;
  status: BookingRequestStatus;
  requestType: BookingRequestType;
}

/**
 * The booking request of a key, locked until the transaction ends: two outcomes for one request
 * (a desk retrying while another agent answers) apply one after the other.
 */
export async function lockBookingRequestOfKey(
  db: Db,
  bookingKey: string,
): Promise<ChatBookingRequest | undefined> {
  return db
    .selectFrom('booking_requests')
    .select(['id', 'status', 'request_type as requestType'])
    .where('booking_key', '=', bookingKey)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateBookingRequestForChat(
  db: Db,
  id: string,
  change: { status: BookingRequestStatus; requestType: BookingRequestType },
): Promise<void> {
  await db
    .updateTable('booking_requests')
    .set({ status: change.status, request_type: change.requestType })
    .where('id', '=', id)
    .execute();
}
