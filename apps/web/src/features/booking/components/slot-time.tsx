import type { Slot } from '@portal/contract';
import { useTranslation } from 'react-i18next';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Clinic-local time of an instant, in the page's language. */
export function formatInZone(
  instant: string,
  timeZone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(new Date(instant));
}

/** The zone's short name at an instant (e.g. AEDT), as the page's language writes it. */
export function zoneName(timeZone: string, locale: string, instant: string | Date): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/**
 * A slot's start in the clinic's own time, naming the zone when it differs from the browser's
 * (unless the screen names it once for a whole list: `showZone={false}`).
 */
export function SlotTime({
  slot,
  withDate = false,
  showZone = true,
}: {
  slot: Slot;
  withDate?: boolean;
  showZone?: boolean;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const text = formatInZone(slot.start, slot.timeZone, locale, {
    ...(withDate ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    ...(showZone && slot.timeZone !== browserTimeZone() ? { timeZoneName: 'short' } : {}),
  });
  return <time dateTime={slot.start}>{text}</time>;
}
