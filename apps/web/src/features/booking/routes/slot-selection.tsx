import type { ClinicSummary, Exam, Slot, TimeOfDay } from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FieldGroup } from '../../../components/ui/field.tsx';
import { pushBookingEvent } from '../../../lib/analytics.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { browserTimeZone, clinicZoneName, formatCalendarDay } from '../../../lib/clinic-time.ts';
import { useClock } from '../../../lib/clock.tsx';
import { useClinicSlots, useNextAvailable } from '../api/availability-api.ts';
import { holdSlot } from '../api/booking-api.ts';
import styles from '../components/booking.module.css';
import { Calendar } from '../components/calendar.tsx';
import { SlotTime } from '../components/slot-time.tsx';
import {
  bookingRequestChoice,
  calendarViewOf,
  chosenSlotsOf,
  chosenStartOf,
  timeOfDayOf,
  timeOfDayOrder,
  withCalendarViewToggled,
  withChosenSlot,
  withTimeOfDayToggled,
} from '../model/booking-params.ts';
import { ensureBookingKey, setHold } from '../model/booking-session.ts';
import {
  addDays,
  addMonths,
  dayInZone,
  startOfDayInZone,
  visibleRange,
} from '../model/calendar-dates.ts';
import { serverErrorMessage } from '../model/server-error-message.ts';
import page from './booking-page.module.css';

/**
 * docs/product/booking.md#constants: slots reload 400 ms after an exam change; the chosen slot
 * scrolls into view after 100 ms.
 */
export const slotReloadDelayMs = 400;
export const slotScrollDelayMs = 100;

export function SlotSelection({
  exams,
  clinic,
  minDate = null,
  onError,
  onContinue,
}: {
  exams: Exam[];
  clinic: ClinicSummary;
  /** No slot before this clinic-local day (a questionnaire outcome's restrictMinDate). */
  minDate?: string | null;
  onError: (message: string) => void;
  onContinue: () => void;
}) {
  const { t, i18n } = useTranslation();
  const clock = useClock();
  const [params, setParams] = useSearchParams();
  const chosen = chosenSlotsOf(params);
  const examSlug =
    params.get('exam') ?? exams.find((exam) => !chosen[exam.slug])?.slug ?? exams[0]?.slug ?? '';
  const exam = exams.find((candidate) => candidate.slug === examSlug) ?? exams[0];
  const view = calendarViewOf(params);
  const today = dayInZone(clock(), clinic.timeZone);
  // A questionnaire outcome's restrictMinDate moves the calendar past the days it rules out.
  const requestedDay = params.get('date') ?? today;
  const focusDay = minDate && minDate > requestedDay ? minDate : requestedDay;
  const timeOfDay = timeOfDayOf(params);
  const [pending, setPending] = useState<string | null>(null);

  // The slot search follows an exam change 400 ms later (the first search is immediate).
  const [searchExam, setSearchExam] = useState(examSlug);
  useEffect(() => {
    if (examSlug === searchExam) return;
    const timer = setTimeout(() => setSearchExam(examSlug), slotReloadDelayMs);
    return () => clearTimeout(timer);
  }, [examSlug, searchExam]);

  const range = visibleRange(focusDay, view);
  const from = range.from < today ? today : range.from;
  const slots = useClinicSlots(
    range.to < today
      ? null
      : { clinicSlug: clinic.slug, examSlug: searchExam, from, to: range.to, timeOfDay, minDate },
  );
  const byDay = useMemo(() => {
    const map = new Map<string, Slot[]>();
    for (const slot of slots.data?.slots ?? []) {
      const day = dayInZone(new Date(slot.start), slot.timeZone);
      map.set(day, [...(map.get(day) ?? []), slot]);
    }
    return map;
  }, [slots.data]);
  const loading = slots.isFetching || searchExam !== examSlug;
  const days = [...byDay.keys()].sort();
  const selectedDay = byDay.has(focusDay) ? focusDay : (days[0] ?? null);
  const daySlots = selectedDay ? (byDay.get(selectedDay) ?? []) : [];

  const [nextRequest, setNextRequest] = useState(false);
  const next = useNextAvailable(
    nextRequest
      ? {
          examSlug,
          clinicIds: [clinic.id],
          start:
            minDate && minDate > today
              ? startOfDayInZone(minDate, clinic.timeZone)
              : clock().toISOString(),
        }
      : null,
  );
  useEffect(() => {
    if (!nextRequest || !next.isSuccess) return;
    setNextRequest(false);
    const slot = next.data.slots[0];
    const updated = new URLSearchParams(params);
    if (slot) updated.set('date', dayInZone(new Date(slot.start), slot.timeZone));
    setParams(updated, { replace: true });
  }, [nextRequest, next.isSuccess, next.data, params, setParams]);

  const chosenStart = chosenStartOf(chosen[examSlug]);
  useEffect(() => {
    if (!chosenStart) return;
    const timer = setTimeout(() => {
      document
        .querySelector(`[data-slot="${CSS.escape(chosenStart)}"]`)
        ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }, slotScrollDelayMs);
    return () => clearTimeout(timer);
  }, [chosenStart]);

  const update = (next: URLSearchParams) => setParams(next, { replace: true });

  const select = async (slot: Slot) => {
    if (pending) return;
    setPending(slot.start);
    try {
      if (!slot.enquiry && !exam?.bookingRequestOnly) {
        const bookingKey = await ensureBookingKey();
        const hold = await holdSlot({
          clinicSlug: clinic.slug,
          examSlug,
          start: slot.start,
          bookingKey,
        });
        setHold(examSlug, { holdId: hold.holdId, start: slot.start });
      } else {
        // A booking request's preferred window: nothing is held.
        setHold(examSlug, {
          start: slot.start,
          end: slot.end,
          timeZone: slot.timeZone,
        });
      }
      const updated = withChosenSlot(params, examSlug, { kind: 'slot', start: slot.start });
      updated.delete('exam');
      update(updated);
      pushBookingEvent('time_slot', { clinicSlug: clinic.slug, examSlug, enquiry: slot.enquiry });
    } catch (error) {
      // A lost race (409) is told in the patient's language, as at submit; others pass through.
      onError(
        isApiError(error) && error.status === 409
          ? t('booking.error_modal.slot_taken')
          : serverErrorMessage(error, t),
      );
    } finally {
      setPending(null);
    }
  };

  const move = (direction: -1 | 1) => {
    const updated = new URLSearchParams(params);
    updated.set(
      'date',
      view === 'WEEK' ? addDays(focusDay, 7 * direction) : addMonths(focusDay, direction),
    );
    update(updated);
  };

  const allChosen = exams.every((candidate) => chosen[candidate.slug]);
  const zoneDiffers = clinic.timeZone !== browserTimeZone();

  return (
    <div>
      {exams.length > 1 ? (
        <FieldGroup legend={t('booking.slots.which_exam')} legendClassName={styles.legend}>
          <div className={styles.segmented}>
            {exams.map((candidate) => (
              <label key={candidate.slug} className={styles.option}>
                <input
                  type="radio"
                  name="exam"
                  checked={candidate.slug === examSlug}
                  onChange={() => {
                    const updated = new URLSearchParams(params);
                    updated.set('exam', candidate.slug);
                    update(updated);
                  }}
                />
                <span>
                  <span className={styles.examName}>{candidate.name}</span>
                  <span className={styles.examMeta}>
                    {chosen[candidate.slug]
                      ? t('booking.slots.time_chosen')
                      : t('booking.slots.time_needed')}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </FieldGroup>
      ) : null}

      {exam?.bookingRequestOnly ? (
        <div className={styles.notice}>
          <p>{t('booking.slots.request_only', { name: exam.name })}</p>
          <button
            type="button"
            className={styles.secondaryButton}
            // A request-only exam may go without a preferred time.
            onClick={() => update(withChosenSlot(params, examSlug, bookingRequestChoice))}
          >
            {t('booking.slots.no_preferred_time')}
          </button>
        </div>
      ) : null}

      <FieldGroup legend={t('booking.slots.time_of_day')} legendClassName={styles.legend}>
        <div className={styles.segmented}>
          {timeOfDayOrder.map((value: TimeOfDay) => (
            <button
              key={value}
              type="button"
              className={styles.chip}
              aria-pressed={timeOfDay.includes(value)}
              onClick={() => update(withTimeOfDayToggled(params, value))}
            >
              {t(`booking.slots.${value.toLowerCase()}`)}
            </button>
          ))}
        </div>
      </FieldGroup>

      <Calendar
        view={view}
        focusDay={focusDay}
        selectedDay={selectedDay}
        daysWithSlots={new Set(days)}
        loading={loading}
        onSelectDay={(day) => {
          const updated = new URLSearchParams(params);
          updated.set('date', day);
          update(updated);
        }}
        onMove={move}
        onToggleView={() => update(withCalendarViewToggled(params))}
      />

      <section aria-labelledby="slot-list-title" aria-busy={loading}>
        <h2 id="slot-list-title" className={page.slotTitle}>
          {selectedDay
            ? t('booking.slots.times_on', {
                day: formatCalendarDay(selectedDay, undefined, {
                  weekday: 'long',
                  day: 'numeric',
                  month: 'long',
                }),
              })
            : t('booking.slots.times')}
        </h2>
        {zoneDiffers ? (
          <p className={styles.hint}>
            {t('booking.slots.zone', {
              zone: `${clinicZoneName(clinic.timeZone, i18n.language, daySlots[0]?.start ?? clock())}, ${clinic.timeZone}`,
            })}
          </p>
        ) : null}
        {loading && !daySlots.length ? (
          <ul className={page.slots} aria-hidden="true">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton placeholders.
              <li key={index} className={page.slotSkeleton} />
            ))}
          </ul>
        ) : daySlots.length ? (
          <ul
            className={`${page.slots} ${daySlots.some((slot) => slot.enquiry) ? page.windows : ''}`}
          >
            {daySlots.map((slot) => (
              <li key={slot.start}>
                <button
                  type="button"
                  className={`${styles.button} ${page.slot}`}
                  data-slot={slot.start}
                  aria-pressed={chosenStart === slot.start}
                  aria-busy={pending === slot.start}
                  disabled={pending !== null}
                  onClick={() => select(slot)}
                >
                  <SlotTime slot={slot} showZone={false} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div className={page.empty}>
            <p>{t('booking.slots.none')}</p>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => setNextRequest(true)}
              disabled={nextRequest}
            >
              {t('booking.slots.find_next')}
            </button>
            {next.isSuccess && next.data.slots.length === 0 ? (
              <p role="status">{t('booking.slots.no_next')}</p>
            ) : null}
          </div>
        )}
      </section>

      <div className={`${styles.actions} ${page.continueBar}`}>
        <button
          type="button"
          className={styles.button}
          disabled={!allChosen}
          onClick={() => {
            pushBookingEvent('form_start');
            onContinue();
          }}
        >
          {t('booking.slots.continue')}
        </button>
        {!allChosen ? <p className={styles.hint}>{t('booking.slots.choose_first')}</p> : null}
      </div>
    </div>
  );
}
