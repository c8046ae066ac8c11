/** Time comes from here, never from Date.now() inside rules (CONVENTIONS.md habit 10). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told otherwise; for tests. */
export function fixedClock(start: Date | string): Clock & { set(next: Date | string): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
  };
}
