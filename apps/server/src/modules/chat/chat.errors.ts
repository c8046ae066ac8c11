import { chatErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** A cancelled or closed booking request: the chat desk's outcome would reopen it. */
export class BookingRequestClosedError extends DomainError {
  readonly statusCode = 409;
  readonly code = chatErrorCodes.bookingRequestClosed;
}

/** A booked request handed back to the front desk, or taken again, would be booked twice. */
export class BookingRequestAlreadyBookedError extends DomainError {
  readonly statusCode = 409;
  readonly code = chatErrorCodes.bookingRequestAlreadyBooked;
}
