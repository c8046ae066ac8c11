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
  const options: Intl.DateTimeFormatOptions = {
    ...(withDate ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    ...(showZone && slot.timeZone !== browserTimeZone() ? { timeZoneName: 'short' } : {}),
  };
  // An enquiry slot is a window the clinic can be asked for (e.g. 8:00 am – 12:00 pm).
  const text = slot.enquiry
    ? new Intl.DateTimeFormat(locale, { timeZone: slot.timeZone, ...options }).formatRange(
        new Date(slot.start),
        new Date(slot.end),
      )
    : formatInZone(slot.start, slot.timeZone, locale, options);
  return <time dateTime={slot.start}>{text}</time>;
}
