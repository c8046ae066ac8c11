import { z } from 'zod';
import { bookingKeySchema } from './booking.ts';

/**
 * The chat desk's side of a booking request (docs/product/chat.md#the-integration-endpoint):
 * what the provider's chat desk reports through /api/integration about a conversation that
 * concerned a booking request.
 */

/** How a booking request is being handled: by the front desk (PATIENT) or in a chat (CHAT). */
export const bookingRequestTypes = ['PATIENT', 'CHAT'] as const;
export const bookingRequestTypeSchema = z.enum(bookingRequestTypes);
export type BookingRequestType = z.infer<typeof bookingRequestTypeSchema>;

/**
 * STARTED: an agent took the conversation (type CHAT, so the front desk leaves it alone);
 * BOOKED: the agent booked it (status BOOKED); INVALIDATED and NO_AGENT: the conversation cannot
 * finish it, so it goes back to the front desk's queue (type PATIENT).
 */
export const chatOutcomes = ['STARTED', 'BOOKED', 'INVALIDATED', 'NO_AGENT'] as const;
export const chatOutcomeSchema = z.enum(chatOutcomes);
export type ChatOutcome = z.infer<typeof chatOutcomeSchema>;

/** POST /api/integration/booking_requests/{bookingKey}/chat_outcome */
export const chatOutcomeRequestSchema = z.strictObject({
  outcome: chatOutcomeSchema,
  /** The desk's own conversation id, kept in the audit trail to match the two records. */
  conversationId: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\w.:-]+$/, 'letters, digits, and . _ : -')
    .optional(),
});
export type ChatOutcomeRequest = z.infer<typeof chatOutcomeRequestSchema>;

export const chatOutcomeResponseSchema = z.object({
  bookingKey: bookingKeySchema,
  status: z.string(),
  requestType: bookingRequestTypeSchema,
  /** false when the request already stood so (a repeated call changes nothing). */
  changed: z.boolean(),
});
export type ChatOutcomeResponse = z.infer<typeof chatOutcomeResponseSchema>;

/** Error codes of the chat outcome. */
export const chatErrorCodes = {
  /** The patient cancelled the request, or the provider closed it: nothing more happens to it. */
  bookingRequestClosed: 'BOOKING_REQUEST_CLOSED',
  /** The request is already booked: only BOOKED may be repeated. */
  bookingRequestAlreadyBooked: 'BOOKING_REQUEST_ALREADY_BOOKED',
} as const;
