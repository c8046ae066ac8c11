import type {
  AppointmentCreationItem,
  BookingRequestResponseItem,
  TimeOfDay,
} from '@portal/contract';
import { tabStorage } from '../../../lib/tab-storage.ts';
import { newBookingKey } from '../api/booking-api.ts';
import type { WalkInGuidance } from './booking-rules.ts';

/**
 * What one booking attempt keeps between screens in this tab only (sessionStorage): the
 * booking key (a capability, so never in the URL), the holds taken and the completion summary.
 */
const keyName = 'booking.key';
const holdsName = 'booking.holds';
const completionName = 'booking.completion';

export function currentBookingKey(): string | null {
  return tabStorage.getItem(keyName);
}

export function setBookingKey(key: string): void {
  tabStorage.setItem(keyName, key);
}

let reserving: Promise<string> | null = null;

/** The key of this attempt, asking the server for one the first time (once, however many ask). */
export async function ensureBookingKey(): Promise<string> {
  const existing = currentBookingKey();
  if (existing) return existing;
  reserving ??= newBookingKey()
    .then(({ bookingKey }) => {
      setBookingKey(bookingKey);
      return bookingKey;
    })
    .finally(() => {
      reserving = null;
    });
  return reserving;
}

/**
 * A chosen slot per exam, as this tab remembers it: the hold taken on it or, for a booking
 * request's preferred window (an enquiry slot, or a slot of a request-only exam), no hold but
 * the window's end and the clinic's zone, for the completion.
 */
export interface Hold {
  holdId?: string;
  start: string;
  end?: string;
  timeZone?: string;
}

export type Holds = Record<string, Hold>;

/**
 * The chosen slot is a booking request's preferred window: nothing is held for it. (A tab that
 * chose it before holdId could be absent remembers holdId '': also nothing held.)
 */
export const isPreferredWindow = (hold: Hold | undefined): boolean =>
  hold !== undefined && !hold.holdId;

export function holds(): Holds {
  try {
    return JSON.parse(tabStorage.getItem(holdsName) ?? '{}') as Holds;
  } catch {
    return {};
  }
}

export function setHold(examSlug: string, hold: Hold | null): void {
  const next = holds();
  if (hold) next[examSlug] = hold;
  else delete next[examSlug];
  tabStorage.setItem(holdsName, JSON.stringify(next));
}

export type PreferredTime =
  | { kind: 'window'; start: string; end: string | null; timeZone: string }
  | { kind: 'time_of_day'; timeOfDay: TimeOfDay[]; timeZone: string };

export interface Completion {
  bookingKey: string;
  kind: 'APPOINTMENT' | 'PENDING_APPOINTMENT' | 'BOOKING_REQUEST';
  appointments: AppointmentCreationItem[];
  bookingRequests: BookingRequestResponseItem[];
  requestBookingKey: string | null;
  staffBooking: boolean;
  /** The booking request's preferred time: a window, or parts of the day, in clinic time. */
  preferred?: PreferredTime | null;
  /**
   * A questionnaire outcome routed the booking to a request, with this message
   * (docs/product/questionnaires.md#outcomes).
   */
  confirmationMessage?: string | null;
  /** A questionnaire outcome offered a walk-in instead. */
  walkIn?: WalkInGuidance | null;
}

export function saveCompletion(completion: Completion): void {
  tabStorage.setItem(completionName, JSON.stringify(completion));
  // The attempt is over: the next booking starts with a new key and no holds.
  tabStorage.removeItem(keyName);
  tabStorage.removeItem(holdsName);
}

export function loadCompletion(): Completion | null {
  try {
    const value = tabStorage.getItem(completionName);
    return value ? (JSON.parse(value) as Completion) : null;
  } catch {
    return null;
  }
}
