import type { AppointmentSummary, MoveAppointmentResponse, Slot } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  browserTimeZone,
  clinicZoneName,
  formatCalendarDay,
  formatClinicDateTime,
} from '../../../lib/clinic-time.ts';
import { useClock } from '../../../lib/clock.tsx';
import {
  addDays,
  addMonths,
  Calendar,
  type CalendarView,
  dayInZone,
  SlotTime,
  useClinicSlots,
  useNextAvailable,
  visibleRange,
} from '../../booking/index.ts';
import type { Refusal } from '../model/manage-rules.ts';
import { movableSlots } from '../model/reschedule-rules.ts';
import { preloadRescheduleConfirm, RescheduleConfirm } from './manage-modals.tsx';
import styles from './reschedule.module.css';

/** The clinic whose times are listed: the appointment's own, or another that performs the exam. */
export interface TimesClinic {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
}

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The free times of the exam at one clinic (docs/product/patient-portal.md#reschedule): the
 * booking flow's calendar (a week, or a month) and times, in the clinic's own zone. Choosing a
 * time asks to confirm, and the confirm modal moves the appointment. The day and view live in
 * the address (`date`, `view`), as in the booking flow.
 */
export function RescheduleTimes({
  bookingKey,
  appointment,
  clinic,
  priorMinutes,
  onRefused,
  onMoved,
}: {
  bookingKey: string;
  appointment: AppointmentSummary;
  clinic: TimesClinic;
  /** The reschedule window from change-status, for a refusal's wording. */
  priorMinutes: number | undefined;
  onRefused: (refusal: Refusal) => void;
  onMoved: (moved: MoveAppointmentResponse) => void;
}) {
  const { t, i18n } = useTranslation();
  const clock = useClock();
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'MONTH' ? 'MONTH' : 'WEEK';
  const today = dayInZone(clock(), clinic.timeZone);
  const requested = params.get('date');
  const focusDay = isDay(requested) && requested > today ? requested : today;
  const range = visibleRange(focusDay, view);
  // biome-ignore lint/complexity/useMathMinMax: days are YYYY-MM-DD strings, not numbers.
  const from = range.from < today ? today : range.from;
  const slots = useClinicSlots(
    range.to < today
      ? null
      : {
          clinicSlug: clinic.slug,
          examSlug: appointment.exam.slug,
          from,
          to: range.to,
          timeOfDay: [],
        },
  );
  const byDay = useMemo(() => {
    const map = new Map<string, Slot[]>();
    for (const slot of movableSlots(slots.data?.slots ?? [], clinic.slug, appointment)) {
      const day = dayInZone(new Date(slot.start), slot.timeZone);
      map.set(day, [...(map.get(day) ?? []), slot]);
    }
    return map;
  }, [slots.data, clinic.slug, appointment]);
  const loading = slots.isFetching;
  const days = [...byDay.keys()].sort();
  const selectedDay = byDay.has(focusDay) ? focusDay : (days[0] ?? null);
  const daySlots = selectedDay ? (byDay.get(selectedDay) ?? []) : [];

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };
  const showDay = (day: string) => update((next) => next.set('date', day));

  // "Find the next free time" when the days in view have none.
  const [findNext, setFindNext] = useState(false);
  const [noNext, setNoNext] = useState(false);
  const next = useNextAvailable(
    findNext
      ? { examSlug: appointment.exam.slug, clinicIds: [clinic.id], start: clock().toISOString() }
      : null,
  );
  const nextSlot = next.data?.slots.find((slot) => !slot.enquiry) ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer.
  useEffect(() => {
    if (!findNext || !next.isSuccess) return;
    setFindNext(false);
    if (nextSlot) showDay(dayInZone(new Date(nextSlot.start), nextSlot.timeZone));
    else setNoNext(true);
  }, [findNext, next.isSuccess]);

  const [chosen, setChosen] = useState<Slot | null>(null);
  const [taken, setTaken] = useState(false);
  const takenRef = useRef<HTMLDivElement>(null);
  const otherClinic = clinic.slug !== appointment.clinic.slug;
  const fullTime = (instant: string, timeZone: string) =>
    formatClinicDateTime(instant, timeZone, i18n.language);

  // The message takes focus as the modal closes: it says what happened, the list is new.
  useEffect(() => {
    if (taken) takenRef.current?.focus();
  }, [taken]);

  const zoneDiffers = clinic.timeZone !== browserTimeZone();
  return (
    <div>
      {taken ? (
        <div ref={takenRef} tabIndex={-1} role="alert" className={styles.alert}>
          <p>{t('patient_portal.reschedule.slot_taken')}</p>
        </div>
      ) : null}

      <Calendar
        view={view}
        focusDay={focusDay}
        selectedDay={selectedDay}
        daysWithSlots={new Set(days)}
        loading={loading}
        onSelectDay={showDay}
        onMove={(direction) =>
          showDay(
            view === 'WEEK' ? addDays(focusDay, 7 * direction) : addMonths(focusDay, direction),
          )
        }
        onToggleView={() =>
          update((next) => (view === 'WEEK' ? next.set('view', 'MONTH') : next.delete('view')))
        }
      />

      <section
        aria-labelledby="reschedule-times-title"
        aria-busy={loading}
        // The confirm modal's code starts loading as a pointer or focus reaches the times.
        onPointerEnter={preloadRescheduleConfirm}
        onFocus={preloadRescheduleConfirm}
      >
        <h3 id="reschedule-times-title" className={styles.timesTitle}>
          {selectedDay
            ? t('patient_portal.reschedule.times_on', {
                day: formatCalendarDay(selectedDay, i18n.language, {
                  weekday: 'long',
                  day: 'numeric',
                  month: 'long',
                }),
              })
            : t('patient_portal.reschedule.times')}
        </h3>
        {zoneDiffers ? (
          <p className={styles.hint}>
            {t('patient_portal.reschedule.zone', {
              zone: `${clinicZoneName(clinic.timeZone, i18n.language, daySlots[0]?.start ?? clock())}, ${clinic.timeZone}`,
            })}
          </p>
        ) : null}
        {loading && !daySlots.length ? (
          <ul className={styles.slots} aria-hidden="true">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton placeholders.
              <li key={index} className={styles.skeleton} />
            ))}
          </ul>
        ) : daySlots.length ? (
          <ul className={styles.slots}>
            {daySlots.map((slot) => (
              <li key={slot.start}>
                <button
                  type="button"
                  className={styles.slot}
                  // The whole date, so a time read on its own is never ambiguous.
                  aria-label={t('patient_portal.reschedule.choose_time', {
                    time: fullTime(slot.start, slot.timeZone),
                  })}
                  onClick={() => {
                    setTaken(false);
                    setChosen(slot);
                  }}
                >
                  <SlotTime slot={slot} showZone={false} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.empty}>
            <p>{t('patient_portal.reschedule.none')}</p>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => setFindNext(true)}
              aria-disabled={findNext || undefined}
            >
              {t('patient_portal.reschedule.find_next')}
            </button>
            <p role="status">{noNext ? t('patient_portal.reschedule.no_next') : null}</p>
          </div>
        )}
      </section>

      <RescheduleConfirm
        appointment={{ bookingKey, appointmentId: appointment.id }}
        priorMinutes={priorMinutes}
        from={{
          time: fullTime(appointment.startsAt, appointment.timeZone),
          clinicName: appointment.clinic.name,
        }}
        to={
          chosen
            ? {
                time: fullTime(chosen.start, chosen.timeZone),
                clinicName: clinic.name,
                move: {
                  start: chosen.start,
                  examSlug: appointment.exam.slug,
                  clinicSlug: otherClinic ? clinic.slug : null,
                },
              }
            : null
        }
        onMoved={onMoved}
        onTaken={() => {
          setChosen(null);
          setTaken(true);
          void slots.refetch();
        }}
        onRefused={(refusal) => {
          setChosen(null);
          onRefused(refusal);
        }}
        onClose={() => setChosen(null)}
      />
    </div>
  );
}
