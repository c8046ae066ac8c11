import { useEffect, useState } from 'react';
import { currentBookingKey, ensureBookingKey } from '../model/booking-session.ts';

/**
 * The attempt's booking key, reserved as soon as a screen needs it (questionnaire answers
 * hang off it before any slot is held). Read on every render: a failed booking moves the
 * attempt to a new key (docs/product/booking.md#appointments), and screens must follow.
 */
export function useBookingKey(reserve = true): string | null {
  const [, setReserved] = useState<string | null>(null);
  const key = currentBookingKey();
  useEffect(() => {
    if (key || !reserve) return;
    ensureBookingKey().then(setReserved, () => undefined);
  }, [key, reserve]);
  return key;
}
