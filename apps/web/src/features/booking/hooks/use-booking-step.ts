import { useEffect, useRef } from 'react';
import { pushBookingEvent } from '../../../lib/analytics.ts';

/** docs/product/booking.md#constants: booking step changes are debounced by 2000 ms. */
export const bookingStepDebounceMs = 2000;

/**
 * Reports the booking step (2 once an enquire exam is loaded, 3 once the form is submitted,
 * docs/product/booking.md#analytics) after it has stayed the same for 2 s, so quick back-and-forth
 * is not recorded.
 */
export function useBookingStep(step: number | null, onChange: (step: number) => void = report) {
  const reported = useRef<number | null>(null);
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (step === null || step === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = step;
      callback.current(step);
    }, bookingStepDebounceMs);
    return () => clearTimeout(timer);
  }, [step]);
}

function report(step: number) {
  pushBookingEvent(step >= 3 ? 'form_submitted' : 'scan_type', { bookingStep: step });
}
