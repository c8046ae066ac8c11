import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a countdown that ticks every second (the resend-OTP wait,
 * docs/product/authentication.md#constants). `start(n)` (re)starts it; it stops at 0.
 */
export function useCountdown(initialSeconds = 0) {
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const start = useCallback(
    (seconds: number) => setSecondsLeft(Math.max(0, Math.ceil(seconds))),
    [],
  );
  return { secondsLeft, running: secondsLeft > 0, start };
}
