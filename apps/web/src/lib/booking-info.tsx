import { createContext, type ReactNode, useContext } from 'react';

/**
 * The header's Booking info button (spec 1 §2) belongs to the booking request being built on
 * the home page. The booking feature provides this context once it exists; until a provider
 * is mounted there is no booking request and the header shows no button.
 */
export interface BookingInfo {
  /** Whether the booking request already has an exam (the button shows only when it has none). */
  hasExam: boolean;
  /** Opens the booking request info modal. */
  open: () => void;
}

const BookingInfoContext = createContext<BookingInfo | null>(null);

export function BookingInfoProvider({
  value,
  children,
}: {
  value: BookingInfo;
  children: ReactNode;
}) {
  return <BookingInfoContext.Provider value={value}>{children}</BookingInfoContext.Provider>;
}

export function useBookingInfo(): BookingInfo | null {
  return useContext(BookingInfoContext);
}
