import type { Exam } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import {
  BookingQuestionnaires,
  bookingFormTypes,
  useBookingOutcome,
} from '../../questionnaires/index.ts';
import { useClinics } from '../api/availability-api.ts';
import { useExams } from '../api/catalogue-api.ts';
import { CompletionSummary } from '../components/completion-summary.tsx';
import { ErrorModal } from '../components/error-modal.tsx';
import { useBookingKey } from '../hooks/use-booking-key.ts';
import { useBookingNavigation, useStaffBooking } from '../hooks/use-booking-navigation.ts';
import { listParam, withExamChanged, withoutTimeParams } from '../model/booking-params.ts';
import { loadCompletion } from '../model/booking-session.ts';
import { ExamSummary } from './select-clinic-page.tsx';
import { SlotSelection } from './slot-selection.tsx';

// The form (react-hook-form, zod) loads only when the patient reaches it.
const PatientForm = lazy(() => import('../components/patient-form.tsx'));

/** The clinic's calendar and times, then the patient form, then the completion summary. */
export function BookingPage() {
  const { t } = useTranslation();
  const staff = useStaffBooking();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const navigateTo = useBookingNavigation();
  const step = params.get('step');
  const examSlugs = listParam(params, 'examSlugs');
  const clinicSlug = params.get('clinic');
  const exams = useExams();
  const clinics = useClinics(
    { examSlugs, location: null, postalCodeLocationId: null, regionSlug: null },
    step !== 'complete' && examSlugs.length > 0,
  );
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  // The questionnaire outcome (docs/product/questionnaires.md#outcomes) may route the booking to a
  // request or restrict dates.
  const bookingKey = useBookingKey(step !== 'complete');
  const outcome = useBookingOutcome(step === 'complete' ? null : bookingKey, examSlugs).data;

  // An answer changed an exam to one the chosen clinic does not offer (the clinic list
  // for the new exams lacks it). Back to the clinics for the new exam, saying why.
  const clinicLacksExams =
    step !== 'complete' &&
    clinics.isSuccess &&
    exams.isSuccess &&
    Boolean(clinicSlug) &&
    !clinics.data.clinics.some((candidate) => candidate.slug === clinicSlug);
  useEffect(() => {
    if (!clinicLacksExams) return;
    const next = new URLSearchParams(params);
    for (const name of ['clinic', 'date', 'slots', 'step', 'exam']) next.delete(name);
    const names = examSlugs
      .map((slug) => exams.data?.find((exam) => exam.slug === slug)?.nameWithModality)
      .filter(Boolean);
    navigateTo('select-clinic', next, {
      replace: true,
      state: { clinicLacksExams: names.join(', ') },
    });
  }, [clinicLacksExams, params, examSlugs, exams.data, navigateTo]);

  if (step === 'complete') {
    // The title says what happened: a booking, a pending appointment or a request.
    const kind = loadCompletion()?.kind;
    const titleKey =
      kind === 'BOOKING_REQUEST'
        ? 'booking.complete.title_booking_request'
        : kind === 'PENDING_APPOINTMENT'
          ? 'booking.complete.title_pending_appointment'
          : 'booking.complete.title';
    return (
      <Page title={t(staff ? `${titleKey}_staff` : titleKey)}>
        <CompletionSummary />
      </Page>
    );
  }

  const chosenExams = examSlugs
    .map((slug) => exams.data?.find((exam) => exam.slug === slug))
    .filter((exam): exam is Exam => Boolean(exam))
    .map((exam) => (outcome?.createBookingRequest ? { ...exam, bookingRequestOnly: true } : exam));
  const clinic = clinics.data?.clinics.find((candidate) => candidate.slug === clinicSlug);

  // docs/product/booking.md#errors: after a failed selection the time parameters are cleared and
  // the slots reloaded.
  const closeError = () => {
    setErrorMessage(null);
    setParams(withoutTimeParams(params), { replace: true });
    void queryClient.invalidateQueries({ queryKey: ['slots'] });
  };

  const title =
    step === 'details'
      ? t(staff ? 'booking.form.title_staff' : 'booking.form.title')
      : clinic
        ? t('booking.slots.title', { clinic: clinic.name })
        : t('page.booking.title');

  return (
    <Page title={title}>
      {exams.isError || clinics.isError ? (
        <LoadError
          onRetry={() => {
            void exams.refetch();
            void clinics.refetch();
          }}
        />
      ) : !clinic || chosenExams.length === 0 ? (
        clinics.isSuccess && exams.isSuccess ? (
          <LoadError />
        ) : (
          <Loading />
        )
      ) : step === 'details' ? (
        <Suspense fallback={<Loading />}>
          <PatientForm
            exams={chosenExams}
            clinic={clinic}
            onSlotLost={setErrorMessage}
            outcome={outcome}
            onBack={() => {
              const next = new URLSearchParams(params);
              next.delete('step');
              setParams(next);
            }}
          />
        </Suspense>
      ) : (
        <>
          <ExamSummary exams={chosenExams} onChange={() => navigateTo('home', params)} />
          <SlotSelection
            exams={chosenExams}
            clinic={clinic}
            minDate={outcome?.restrictMinDate ?? null}
            onError={setErrorMessage}
            onContinue={() => {
              const next = new URLSearchParams(params);
              next.set('step', 'details');
              setParams(next);
            }}
          />
        </>
      )}
      {/* The screening questionnaires before a time is chosen; the booking form's on the form. */}
      <BookingQuestionnaires
        key={step === 'details' ? 'details' : 'slots'}
        bookingKey={bookingKey}
        examSlugs={examSlugs}
        types={step === 'details' ? bookingFormTypes : undefined}
        onExamChange={(change) => setParams(withExamChanged(params, change), { replace: true })}
        onClose={() => navigateTo('home', params)}
      />
      <ErrorModal message={errorMessage} onClose={closeError} />
    </Page>
  );
}
