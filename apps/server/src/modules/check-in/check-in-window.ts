import type { CheckInConfig } from '@portal/contract';

export type CheckInWindow = 'NOT_YET_OPEN' | 'OPEN' | 'CLOSED';

/**
 * Where `now` stands against an appointment's check-in window: it opens priorMinutes before
 * the start and closes closesMinutesAfterStart after it (open at opensAt, closed at closesAt).
 */
export function checkInWindow(
  startsAt: Date,
  now: Date,
  settings: Pick<CheckInConfig, 'priorMinutes' | 'closesMinutesAfterStart'>,
): { window: CheckInWindow; opensAt: Date; closesAt: Date } {
  const opensAt = new Date(startsAt.getTime() - settings.priorMinutes * 60_000);
  const closesAt = new Date(startsAt.getTime() + settings.closesMinutesAfterStart * 60_000);
  const window =
    now.getTime() < opensAt.getTime()
      ? 'NOT_YET_OPEN'
      : now.getTime() >= closesAt.getTime()
        ? 'CLOSED'
        : 'OPEN';
  return { window, opensAt, closesAt };
}

/** The clinic's calendar day at `now` ('YYYY-MM-DD'): a referral dated after it is refused. */
export function clinicToday(now: Date, timeZone: string): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
