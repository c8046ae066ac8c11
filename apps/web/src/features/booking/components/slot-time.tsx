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

/** A slot's start in the clinic's own time, naming the zone when it differs from the browser's. */
export function SlotTime({ slot, withDate = false }: { slot: Slot; withDate?: boolean }) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const text = formatInZone(slot.start, slot.timeZone, locale, {
    ...(withDate ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    ...(slot.timeZone !== browserTimeZone() ? { timeZoneName: 'short' } : {}),
  });
  return <time dateTime={slot.start}>{text}</time>;
}
