import { createContext, type ReactNode, useContext } from 'react';

/** Where "now" comes from, so tests can pin the date (CONVENTIONS.md habit 10). */
export type Clock = () => Date;

const ClockContext = createContext<Clock>(() => new Date());

export function ClockProvider({ clock, children }: { clock: Clock; children: ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}
