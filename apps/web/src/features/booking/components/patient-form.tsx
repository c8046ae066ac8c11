import { zodResolver } from '@hookform/resolvers/zod';
import type { ClinicSummary, Exam } from '@portal/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pushBookingCompleted, pushBookingEvent } from '../../../lib/analytics.ts';
import { useBookingConfig } from '../api/catalogue-api.ts';
import { useStaffBooking } from '../hooks/use-booking-navigation.ts';
import {
  chosenSlotsOf,
  isBookingRequestChoice,
  listParam,
  timeOfDayOf,
} from '../model/booking-params.ts';
import { walkInGuidanceOf } from '../model/booking-rules.ts';
import { holds, saveCompletion } from '../model/booking-session.ts';
import { BookingFailedError, createBooking, SlotLostError } from '../model/create-booking.ts';
import {
  bookingDetailsOf,
  errorKeyOf,
  type FieldName,
  type FormOutcome,
  fieldOrder,
  type PatientFormInput,
  type PatientFormOutput,
  patientFormSchema,
} from '../model/patient-form-schema.ts';
import { serverErrorMessage } from '../model/server-error-message.ts';
import styles from './booking.module.css';
import { PatientFields } from './patient-fields.tsx';
import { BookingSummary } from './patient-form-summary.tsx';
import { ReferralUpload } from './referral-upload.tsx';

/**
 * The patient form (docs/product/booking.md#patient-form): react-hook-form with the contract's
 * patientDetailsSchema. It validates, lists what is wrong in an error summary that links to each
 * field, then creates the booking (holds, appointments or a booking request) and moves on to the
 * completion.
 */
export default function PatientForm({
  exams,
  clinic,
  onSlotLost,
  onBack,
  outcome,
}: {
  exams: Exam[];
  clinic: ClinicSummary;
  onSlotLost: (message: string) => void;
  onBack: () => void;
  outcome?: FormOutcome | null | undefined;
}) {
  const { t } = useTranslation();
  const staff = useStaffBooking();
  const [params, setParams] = useSearchParams();
  const config = useBookingConfig();
  const chosen = chosenSlotsOf(params);
  const id = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [summaryErrors, setSummaryErrors] = useState<FieldName[]>([]);
  const medicareRequired = outcome?.medicareNumberRequired ?? false;
  const referralRequired = (outcome?.documentTypeId ?? null) !== null;
  const walkIn = walkInGuidanceOf(outcome);
  const [referralUploaded, setReferralUploaded] = useState(false);
  // The outcome can arrive after the form is built (the booking form is answered over it).
  const medicareRef = useRef(medicareRequired);
  medicareRef.current = medicareRequired;
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PatientFormInput, unknown, PatientFormOutput>({
    resolver: (values, context, options) =>
      zodResolver(patientFormSchema(medicareRef.current))(values, context, options),
    shouldFocusError: false,
    defaultValues: { title: '', dateOfBirth: '', patientNotes: '' },
  });

  useEffect(() => {
    if (summaryErrors.length || submitError) summaryRef.current?.focus();
  }, [summaryErrors, submitError]);

  const onInvalid = (invalid: FieldErrors<PatientFormInput>) => {
    setSubmitError(null);
    setSummaryErrors(fieldOrder.filter((name) => invalid[name]));
  };

  const onValid = async (values: PatientFormOutput) => {
    setSummaryErrors([]);
    setSubmitError(null);
    if (referralRequired && !referralUploaded) {
      setSubmitError(t('booking.form.errors.referral'));
      return;
    }
    pushBookingEvent('form_submitted', { examSlugs: exams.map((exam) => exam.slug) });
    const { patientDetails, patientNotes } = bookingDetailsOf(values, medicareRequired);
    try {
      const completion = await createBooking(
        {
          exams,
          clinic,
          chosen,
          holds: holds(),
          patientDetails,
          patientNotes,
          pending: config.data?.createPendingAppointment ?? false,
          staffBooking: staff,
          timeOfDay: timeOfDayOf(params),
        },
        t,
      );
      saveCompletion(walkIn ? { ...completion, walkIn } : completion);
      await pushBookingCompleted(patientDetails.email, {
        kind: completion.kind,
        examSlugs: exams.map((exam) => exam.slug),
        clinicSlug: clinic.slug,
      });
      const next = new URLSearchParams(params);
      next.set('step', 'complete');
      next.delete('slots');
      setParams(next);
    } catch (error) {
      if (error instanceof SlotLostError) onSlotLost(error.message);
      else if (error instanceof BookingFailedError) setSubmitError(error.message);
      else setSubmitError(serverErrorMessage(error, t));
    }
  };

  const onReferralUploaded = useCallback((uploaded: boolean) => setReferralUploaded(uploaded), []);
  const errorText = (name: FieldName) => t(errorKeyOf(name, errors[name]?.message));

  return (
    <div>
      {summaryErrors.length || submitError ? (
        <div
          ref={summaryRef}
          className={styles.errorSummary}
          role="alert"
          aria-labelledby={`${id}-summary-title`}
          tabIndex={-1}
        >
          <h2 id={`${id}-summary-title`}>{t('booking.form.error_summary')}</h2>
          <ul>
            {submitError ? <li>{submitError}</li> : null}
            {summaryErrors.map((name) => (
              <li key={name}>
                <a
                  href={`#${id}-${name}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setFocus(name);
                  }}
                >
                  {errorText(name)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <BookingSummary
        id={`${id}-booking`}
        exams={exams}
        clinic={clinic}
        chosen={chosen}
        walkIn={walkIn}
        onBack={onBack}
      />

      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <PatientFields
          id={id}
          register={register}
          control={control}
          errors={errors}
          errorText={errorText}
          staff={staff}
          medicareRequired={medicareRequired}
        />

        <ReferralUpload
          documentTypeId={outcome?.documentTypeId ?? null}
          staff={staff}
          disabled={isSubmitting}
          onUploaded={onReferralUploaded}
          validTypes={config.data?.validReferralContentTypes ?? []}
          examSlug={exams[0]?.slug}
          groupName={params.get('groupName') ?? listParam(params, 'examSlugs').join('+')}
        />

        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={isSubmitting}>
            {t(
              exams.every(
                (exam) => exam.bookingRequestOnly || isBookingRequestChoice(chosen[exam.slug]),
              )
                ? 'booking.form.submit_request'
                : 'booking.form.submit',
            )}
          </button>
          {isSubmitting ? <span role="status">{t('booking.form.submitting')}</span> : null}
        </div>
      </form>
    </div>
  );
}
