/**
 * What a page hands the live chat (features/chat, docs/product/chat.md#what-pages-share): the
 * booking request the patient is looking at or just sent, and files queued for the conversation
 * (spec 1 §3, "Chat state: a queue of files to upload"). Shared code, so a feature can offer
 * them without importing the chat; the chat reads them only if it is configured and opened.
 * Kept in the page's memory only: never stored.
 */

/**
 * A booking request as the chat uses it (spec 1 §3, "Booking request (as used by chat and
 * outcomes)"). `slug` is its booking key: the chat desk names it in its outcome call,
 * POST /api/integration/booking_requests/{slug}/chat_outcome.
 */
export interface ChatBookingRequest {
  slug: string;
  patientNotes: string | null;
  bookingDetails: {
    exams: Array<{ name: string; nameWithModality: string; slug: string }>;
    clinicName: string | null;
  };
  /**
   * What the page shows of the patient: the booking request page knows the names only, and
   * the desk looks the rest up by `slug` in the provider's system rather than being handed it
   * by the browser (null: not on this page).
   */
  patientDetails: {
    title: string | null;
    firstName: string;
    lastName: string;
    dateOfBirth: string | null;
    email: string | null;
    contactNumber: string | null;
    postalCode: string | null;
  };
}

type Listener = (files: readonly File[]) => void;

let bookingRequest: ChatBookingRequest | null = null;
let pending: File[] = [];
let listener: Listener | null = null;

/** The booking request the chat's conversation is about; null when the page has none. */
export function shareBookingRequestWithChat(request: ChatBookingRequest | null): void {
  bookingRequest = request;
}

export function chatBookingRequest(): ChatBookingRequest | null {
  return bookingRequest;
}

/** Queues files for the chat; they wait here until the chat takes them. */
export function queueFilesForChat(files: readonly File[]): void {
  if (listener) listener(files);
  else pending.push(...files);
}

/** The chat takes the queue: what waited now, each later file as it comes; returns a release. */
export function takeChatFiles(take: Listener): () => void {
  listener = take;
  if (pending.length > 0) take(pending.splice(0));
  return () => {
    if (listener === take) listener = null;
  };
}

/** For tests. */
export function resetChatContext(): void {
  bookingRequest = null;
  pending = [];
  listener = null;
}
