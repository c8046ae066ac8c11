import { useCallback, useEffect, useRef, useState } from 'react';

/** A change is said once the patient has paused this long, so scrolling does not talk over itself. */
export const announceAfterMs = 700;

/**
 * The text of a polite live region, set only after a pause: while someone scrolls through
 * forty images, a screen reader says the last one, not each on the way.
 */
export function usePoliteAnnouncement(delay = announceAfterMs) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setMessage(text), delay);
    },
    [delay],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, announce };
}
