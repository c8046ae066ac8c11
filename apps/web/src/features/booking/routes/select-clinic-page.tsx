import type { ClinicSummary, Exam, Slot } from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { LoadError } from '../../../components/ui/status.tsx';
import { pushBookingEvent } from '../../../lib/analytics.ts';
import { useClock } from '../../../lib/clock.tsx';
import { useRadiologyConfig } from '../../../lib/config.tsx';
import { useShellMode } from '../../../lib/shell-mode.ts';
import { BookingQuestionnaires, useBookingOutcome } from '../../questionnaires/index.ts';
import { useClinics, useNextAvailable } from '../api/availability-api.ts';
import { useExams } from '../api/catalogue-api.ts';
import styles from '../components/booking.module.css';
import { PostalCodeModal } from '../components/postal-code-modal.tsx';
import { SlotTime } from '../components/slot-time.tsx';
import { useBookingKey } from '../hooks/use-booking-key.ts';
import { useBookingNavigation } from '../hooks/use-booking-navigation.ts';
import { useUserLocation, writePostalCodeCookie } from '../hooks/use-location-search.ts';
import { listParam, withExamChanged } from '../model/booking-params.ts';
import { dayInZone, startOfDayInZone } from '../model/calendar-dates.ts';
import page from './select-clinic-page.module.css';

/** Clinics for the chosen exams, nearest first, each with its next available time. */
export function SelectClinicPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigateTo = useBookingNavigation();
  // Sent here by the slot screen when the chosen clinic does not offer the (changed) exams.
  const lacking = (useLocation().state as { clinicLacksExams?: string } | null)?.clinicLacksExams;
  const bookingKey = useBookingKey();
  const radiology = useRadiologyConfig();
  const { advancedBooking } = useShellMode();
  const examSlugs = listParam(params, 'examSlugs');
  const exams = useExams();
  const chosen = (exams.data ?? []).filter((exam) => examSlugs.includes(exam.slug));
  const [location, setLocation] = useUserLocation();
  const [modal, setModal] = useState<'none' | 'cant-locate' | 'change'>('none');
  // The questionnaires come first; the location prompt waits until none is showing.
  const [asking, setAsking] = useState(false);

  // docs/product/booking.md#clinic-selection: a failed locate offers the postal-code prompt when
  // the config allows it and advanced booking is not active; otherwise (or on closing it) the
  // default location applies.
  useEffect(() => {
    if (location.status !== 'failed') return;
    if (radiology.showUnableToLocateWindow && !advancedBooking) setModal('cant-locate');
    else setLocation({ status: 'default' });
  }, [location.status, radiology.showUnableToLocateWindow, advancedBooking, setLocation]);

  const settled = location.status !== 'locating' && location.status !== 'failed';
  const clinics = useClinics(
    {
      examSlugs,
      location: location.status === 'located' ? location.point : null,
      postalCodeLocationId: location.status === 'postal-code' ? location.id : null,
      regionSlug: params.get('regionSlug'),
    },
    settled && examSlugs.length > 0,
  );

  useEffect(() => {
    if (settled) pushBookingEvent('location', { source: location.status });
  }, [settled, location.status]);

  const firstExam = examSlugs[0] ?? '';
  const clinicIds = useMemo(() => clinics.data?.clinics.map((clinic) => clinic.id), [clinics.data]);
  // A questionnaire outcome's restrictMinDate: the next available time is looked for from it.
  const clock = useClock();
  const minDate = useBookingOutcome(bookingKey, examSlugs).data?.restrictMinDate ?? null;
  const start = useMemo(
    () => nextAvailableStart(minDate, clinics.data?.clinics ?? [], clock()),
    [minDate, clinics.data, clock],
  );
  const nextAvailable = useNextAvailable(
    clinicIds?.length && firstExam
      ? { examSlug: firstExam, clinicIds, ...(start ? { start } : {}) }
      : null,
  );
  const nextByClinic = new Map<string, Slot>(
    (nextAvailable.data?.slots ?? [])
      // One start serves every zone; a clinic whose own day is still before minDate shows none.
      .filter((slot) => !minDate || dayInZone(new Date(slot.start), slot.timeZone) >= minDate)
      .map((slot) => [slot.clinicSlug, slot]),
  );

  const choose = (clinic: ClinicSummary) => {
    pushBookingEvent('clinic', { clinicSlug: clinic.slug });
    const next = new URLSearchParams(params);
    next.set('clinic', clinic.slug);
    const slot = nextByClinic.get(clinic.slug);
    if (slot) next.set('date', dayInZone(new Date(slot.start), slot.timeZone));
    next.delete('slots');
    next.delete('step');
    navigateTo('booking', next);
  };

  const closeModal = () => {
    setModal('none');
    if (location.status === 'failed') setLocation({ status: 'default' });
  };

  const whereText =
    location.status === 'located'
      ? t('booking.location.near_you')
      : location.status === 'postal-code' && clinics.data?.pcl
        ? t('booking.location.near_postal_code', {
            suburb: clinics.data.pcl.suburb,
            code: clinics.data.pcl.code,
          })
        : location.status === 'locating' || location.status === 'failed'
          ? t('booking.location.locating')
          : t('booking.location.near_default');

  return (
    <Page title={t('booking.clinic.title')}>
      <ExamSummary exams={chosen} onChange={() => navigateTo('home', params)} />
      {lacking ? (
        <p className={styles.notice} role="status">
          {t('booking.clinic.clinic_lacks_exams', { exams: lacking })}
        </p>
      ) : null}
      <div className={page.where}>
        <p aria-live="polite" className={page.whereText}>
          {whereText}
        </p>
        <button type="button" className={styles.secondaryButton} onClick={() => setModal('change')}>
          {t('booking.location.change')}
        </button>
      </div>

      {clinics.isError ? <LoadError onRetry={() => clinics.refetch()} /> : null}
      <ul className={page.clinics} aria-busy={!clinics.data}>
        {clinics.data
          ? clinics.data.clinics.map((clinic) => (
              <li key={clinic.slug} className={page.clinic}>
                <h2 className={page.clinicName}>{clinic.name}</h2>
                <p className={page.address}>
                  {clinic.address}, {clinic.suburb} {clinic.state} {clinic.postalCode}
                </p>
                {clinic.distanceKm !== null ? (
                  <p className={page.meta}>
                    {t('booking.clinic.distance', { distance: clinic.distanceKm.toFixed(1) })}
                  </p>
                ) : null}
                <p className={page.meta}>
                  {nextByClinic.get(clinic.slug) ? (
                    <>
                      {t('booking.clinic.next_available')}{' '}
                      <SlotTime slot={nextByClinic.get(clinic.slug) as Slot} withDate />
                    </>
                  ) : nextAvailable.isPending ? (
                    t('booking.clinic.finding_next')
                  ) : (
                    t('booking.clinic.no_next')
                  )}
                </p>
                <button type="button" className={styles.button} onClick={() => choose(clinic)}>
                  {t('booking.clinic.choose', { name: clinic.name })}
                </button>
              </li>
            ))
          : [0, 1, 2].map((index) => <li key={index} className={page.skeleton} />)}
      </ul>
      {clinics.data && clinics.data.clinics.length === 0 ? (
        <p className={styles.notice}>{t('booking.clinic.none')}</p>
      ) : null}

      {/* The chosen exams' questionnaires come first (funnel step 3.1). */}
      <BookingQuestionnaires
        bookingKey={bookingKey}
        examSlugs={examSlugs}
        onExamChange={(change) => setParams(withExamChanged(params, change), { replace: true })}
        onClose={() => navigateTo('home', params)}
        onAskingChange={setAsking}
      />
      <PostalCodeModal
        isOpen={modal !== 'none' && !asking}
        located={modal === 'change'}
        onClose={closeModal}
        onChoose={(postalCode) => {
          writePostalCodeCookie(postalCode.id);
          setLocation({ status: 'postal-code', id: postalCode.id });
          setModal('none');
        }}
      />
    </Page>
  );
}

/**
 * Where 'next available' starts looking: from the earliest moment minDate begins at any of the
 * listed clinics (none given, the server starts from now); a minDate already reached adds nothing.
 */
export function nextAvailableStart(
  minDate: string | null,
  clinics: readonly Pick<ClinicSummary, 'timeZone'>[],
  now: Date,
): string | null {
  if (!minDate || clinics.length === 0) return null;
  const starts = [...new Set(clinics.map((clinic) => clinic.timeZone))].map((zone) =>
    startOfDayInZone(minDate, zone),
  );
  const earliest = starts.sort()[0] ?? null;
  return earliest && earliest > now.toISOString() ? earliest : null;
}

export function ExamSummary({ exams, onChange }: { exams: Exam[]; onChange: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={page.examSummary}>
      <p className={page.examSummaryText}>
        <span className={page.examSummaryLabel}>
          {t('booking.clinic.exams', { count: exams.length })}
        </span>{' '}
        {exams.map((exam) => exam.nameWithModality).join(', ')}
      </p>
      <button type="button" className={styles.linkButton} onClick={onChange}>
        {t('booking.clinic.change_exams')}
      </button>
    </div>
  );
}
