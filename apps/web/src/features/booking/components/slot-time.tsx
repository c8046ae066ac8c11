import type { Slot } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import {
  browserTimeZone,
  formatClinicDateTime,
  formatClinicDateTimeRange,
} from '../../../lib/clinic-time.ts';

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
    ? formatClinicDateTimeRange(slot.start, slot.end, slot.timeZone, locale, options)
    : formatClinicDateTime(slot.start, slot.timeZone, locale, options);
  return <time dateTime={slot.start}>{text}</time>;
}
