import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../../lib/clinic-time.ts';
import type { CalendarView } from '../model/booking-params.ts';
import { addDays, daysBetween, startOfWeek, visibleRange } from '../model/calendar-dates.ts';
import styles from './calendar.module.css';

/**
 * The day picker of the slot screen: one week (default) or a whole month
 * (docs/product/booking.md#slots). Days with free times are marked; the chosen day's times are
 * listed below it.
 */
export function Calendar({
  view,
  focusDay,
  selectedDay,
  daysWithSlots,
  loading,
  onSelectDay,
  onMove,
  onToggleView,
}: {
  view: CalendarView;
  focusDay: string;
  selectedDay: string | null;
  daysWithSlots: Set<string>;
  loading: boolean;
  onSelectDay: (day: string) => void;
  onMove: (direction: -1 | 1) => void;
  onToggleView: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { from, to } = visibleRange(focusDay, view);
  const gridStart = view === 'MONTH' ? startOfWeek(from) : from;
  const days = daysBetween(gridStart, view === 'MONTH' ? addDays(startOfWeek(to), 6) : to);
  const format = (day: string, options: Intl.DateTimeFormatOptions) =>
    formatCalendarDay(day, i18n.language, options);
  const heading =
    view === 'MONTH'
      ? format(from, { month: 'long', year: 'numeric' })
      : t('booking.calendar.week_of', { day: format(from, { day: 'numeric', month: 'long' }) });

  return (
    <div className={styles.calendar}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.nav}
          onClick={() => onMove(-1)}
          aria-label={t(
            view === 'WEEK' ? 'booking.calendar.previous_week' : 'booking.calendar.previous_month',
          )}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2 className={styles.heading} aria-live="polite">
          {heading}
        </h2>
        <button
          type="button"
          className={styles.nav}
          onClick={() => onMove(1)}
          aria-label={t(
            view === 'WEEK' ? 'booking.calendar.next_week' : 'booking.calendar.next_month',
          )}
        >
          <span aria-hidden="true">›</span>
        </button>
        <button type="button" className={styles.viewToggle} onClick={onToggleView}>
          {t(view === 'WEEK' ? 'booking.calendar.show_month' : 'booking.calendar.show_week')}
        </button>
      </div>
      <ul className={`${styles.days} ${view === 'MONTH' ? styles.month : styles.week}`}>
        {days.map((day) => {
          const outside = day < from || day > to;
          const available = daysWithSlots.has(day);
          const label = format(day, { weekday: 'long', day: 'numeric', month: 'long' });
          return (
            <li key={day}>
              {outside ? (
                <span className={styles.outside} aria-hidden="true" />
              ) : (
                <button
                  type="button"
                  className={styles.day}
                  aria-pressed={selectedDay === day}
                  aria-label={`${label}, ${t(available ? 'booking.calendar.available' : loading ? 'message.loading' : 'booking.calendar.unavailable')}`}
                  disabled={!available}
                  onClick={() => onSelectDay(day)}
                >
                  <span className={styles.weekday}>{format(day, { weekday: 'short' })}</span>
                  <span className={styles.date}>{format(day, { day: 'numeric' })}</span>
                  {available ? <span className={styles.dot} aria-hidden="true" /> : null}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
