import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

/**
 * The header's Booking info button (docs/product/booking.md#exam-selection) belongs to the booking
 * request being built on the home page, which renders below the header. The shell hosts the state;
 * the home page offers its booking request while it is mounted; the header reads it. Without a host
 * or an offering page there is no booking request and the header shows no button.
 */
export interface BookingInfo {
  /** Whether the booking request already has an exam (the button shows only when it has none). */
  hasExam: boolean;
  /** Opens the booking request info modal. */
  open: () => void;
}

const BookingInfoContext = createContext<BookingInfo | null>(null);
// Apart from the value, so that the offering page does not re-render when its offer changes.
const SetBookingInfoContext = createContext<Dispatch<SetStateAction<BookingInfo | null>> | null>(
  null,
);

export function BookingInfoHost({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<BookingInfo | null>(null);
  return (
    <SetBookingInfoContext.Provider value={setInfo}>
      <BookingInfoContext.Provider value={info}>{children}</BookingInfoContext.Provider>
    </SetBookingInfoContext.Provider>
  );
}

export function useBookingInfo(): BookingInfo | null {
  return useContext(BookingInfoContext);
}

/** Offers the page's booking request to the header while the page is mounted. */
export function useOfferBookingInfo(hasExam: boolean, open: () => void): void {
  const setInfo = useContext(SetBookingInfoContext);
  // The latest `open` is called, without offering anew on every render.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    setInfo?.({ hasExam, open: () => openRef.current() });
  }, [setInfo, hasExam]);
  useEffect(() => () => setInfo?.(null), [setInfo]);
}
