import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClinicSummary,
  type Exam,
  type ProcessedOutcome,
  patientDetailsSchema,
} from '@portal/contract';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { dateOfBirthProblem } from '../../../components/ui/date-of-birth.ts';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field.tsx';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { pushBookingCompleted, pushBookingEvent } from '../../../lib/analytics.ts';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { uploadReferral } from '../api/booking-api.ts';
import { useBookingConfig } from '../api/catalogue-api.ts';
import { useStaffBooking } from '../hooks/use-booking-navigation.ts';
import { chosenSlotsOf, listParam, timeOfDayOf } from '../model/booking-params.ts';
import { walkInGuidanceOf } from '../model/booking-rules.ts';
import { ensureBookingKey, holds, saveCompletion } from '../model/booking-session.ts';
import { BookingFailedError, createBooking, SlotLostError } from '../model/create-booking.ts';
import { serverErrorMessage } from '../model/server-error-message.ts';
import styles from './booking.module.css';
import { WalkInGuidance } from './walk-in-guidance.tsx';

const formSchema = patientDetailsSchema.extend({
  // Same YYYY-MM-DD as the contract, but each refusal says which rule failed (its translation key).
  dateOfBirth: z.string().superRefine((value, context) => {
    const problem = dateOfBirthProblem(value);
    if (problem)
      context.addIssue({ code: 'custom', message: `form.date_of_birth.errors.${problem}` });
  }),
  patientNotes: z.string().trim().max(1000).optional(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** A Medicare card number: 10 digits, or 11 with the patient's reference number; spaces allowed. */
const medicareNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{10,11}$/));
// When an answer says a Medicare card will be used, its number is part of the booking.
const withMedicareSchema = formSchema.extend({ medicareNumber: medicareNumberSchema });

/** What the questionnaire answers ask of this form (issue 5), as the server evaluated them. */
export type FormOutcome = Pick<
  ProcessedOutcome,
  'medicareNumberRequired' | 'documentTypeId' | 'walkInExamName' | 'prepTime' | 'minutesPrior'
>;

const fieldOrder = [
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'sex',
  'email',
  'contactNumber',
  'postalCode',
  'medicareNumber',
  'patientNotes',
] as const;
type FieldName = (typeof fieldOrder)[number];

const titles = ['MR', 'MRS', 'MS', 'MISS', 'DR', 'MX'] as const;

/** Is this file's type one the booking form config allows (spec 2 §5)? */
export function isAllowedReferral(file: File, validTypes: readonly string[]): boolean {
  return validTypes.includes(file.type);
}

/** The patient form (spec 2 §2): react-hook-form with the contract's patientDetailsSchema. */
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
  const { t, i18n } = useTranslation();
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
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: (values, context, options) =>
      zodResolver(medicareRef.current ? withMedicareSchema : formSchema)(values, context, options),
    shouldFocusError: false,
    defaultValues: { title: '', dateOfBirth: '', patientNotes: '' },
  });

  useEffect(() => {
    if (summaryErrors.length || submitError) summaryRef.current?.focus();
  }, [summaryErrors, submitError]);

  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    setSubmitError(null);
    setSummaryErrors(fieldOrder.filter((name) => invalid[name]));
  };

  const onValid = async (values: FormOutput) => {
    setSummaryErrors([]);
    setSubmitError(null);
    if (referralRequired && !referralUploaded) {
      setSubmitError(t('booking.form.errors.referral'));
      return;
    }
    pushBookingEvent('form_submitted', { examSlugs: exams.map((exam) => exam.slug) });
    const { patientNotes, ...patientDetails } = values;
    if (!patientDetails.title) delete patientDetails.title;
    if (!medicareRequired || !patientDetails.medicareNumber) delete patientDetails.medicareNumber;
    try {
      const completion = await createBooking(
        {
          exams,
          clinic,
          chosen,
          holds: holds(),
          patientDetails,
          patientNotes: patientNotes || undefined,
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

  const errorText = (name: FieldName) => {
    // The date of birth says which rule failed (a custom issue carries its translation key).
    const message = name === 'dateOfBirth' ? errors.dateOfBirth?.message : undefined;
    return message?.startsWith('form.date_of_birth.')
      ? t(message)
      : t(`booking.form.errors.${name}`);
  };
  const field = (
    name: FieldName,
    options: {
      type?: string;
      autoComplete?: string;
      hint?: boolean;
      inputMode?: 'tel' | 'email' | 'numeric';
      required?: boolean;
    } = {},
  ) => (
    <Field
      id={`${id}-${name}`}
      label={t(staff ? `booking.form.staff.${name}` : `booking.form.${name}`)}
      hint={options.hint ? t(`booking.form.${name}_hint`) : null}
      error={errors[name] ? errorText(name) : null}
    >
      {(control) => (
        <input
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          aria-required={options.required ? true : undefined}
          {...control}
          {...register(name)}
        />
      )}
    </Field>
  );

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

      <section
        className={`${styles.panel} ${styles.bookingSummary}`}
        aria-labelledby={`${id}-booking`}
      >
        <h2 id={`${id}-booking`}>{t('booking.form.your_booking')}</h2>
        <p>{clinic.name}</p>
        <ul>
          {exams.map((exam) => {
            const start = chosen[exam.slug];
            return (
              <li key={exam.slug}>
                {exam.nameWithModality}
                {start && start !== 'request'
                  ? ` — ${formatClinicDateTime(start, clinic.timeZone, i18n.language)}`
                  : ` — ${t('booking.form.by_request')}`}
              </li>
            );
          })}
        </ul>
        <WalkInGuidance guidance={walkIn} />
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('booking.form.change_time')}
        </button>
      </section>

      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Field id={`${id}-title`} label={t('booking.form.title_field')}>
          {(control) => (
            <select {...control} {...register('title')}>
              <option value="">{t('booking.form.title_none')}</option>
              {titles.map((value) => (
                <option key={value} value={t(`booking.form.titles.${value}`)}>
                  {t(`booking.form.titles.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {field('firstName', { autoComplete: 'given-name' })}
        {field('lastName', { autoComplete: 'family-name' })}
        <Controller
          control={control}
          name="dateOfBirth"
          render={({ field: dateField }) => (
            <DateOfBirthField
              id={`${id}-dateOfBirth`}
              ref={dateField.ref}
              label={t(staff ? 'booking.form.staff.dateOfBirth' : 'booking.form.dateOfBirth')}
              value={dateField.value ?? ''}
              onChange={dateField.onChange}
              onBlur={dateField.onBlur}
              errorMessage={errors.dateOfBirth ? errorText('dateOfBirth') : null}
            />
          )}
        />

        <FieldGroup
          legend={t(staff ? 'booking.form.staff.sex' : 'booking.form.sex')}
          legendClassName={styles.legend}
          error={errors.sex ? errorText('sex') : null}
        >
          <div className={styles.segmented}>
            {(['FEMALE', 'MALE', 'INDETERMINATE'] as const).map((value, index) => (
              <span key={value} className={styles.examRow}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    value={value}
                    id={index === 0 ? `${id}-sex` : undefined}
                    {...register('sex')}
                  />
                  {t(`booking.form.sex_${value.toLowerCase()}`)}
                </label>
                {value === 'INDETERMINATE' ? (
                  <TooltipTrigger delay={300}>
                    <Button
                      className={styles.secondaryButton}
                      aria-label={t('booking.form.sex_tooltip_label')}
                    >
                      <span aria-hidden="true">?</span>
                    </Button>
                    <Tooltip className={styles.tooltip} placement="top">
                      {t('booking.form.sex_tooltip')}
                    </Tooltip>
                  </TooltipTrigger>
                ) : null}
              </span>
            ))}
          </div>
        </FieldGroup>

        {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email', hint: true })}
        {field('contactNumber', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        {field('postalCode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {medicareRequired
          ? field('medicareNumber', { inputMode: 'numeric', hint: true, required: true })
          : null}

        <Field
          id={`${id}-patientNotes`}
          label={t('booking.form.patientNotes')}
          error={errors.patientNotes ? errorText('patientNotes') : null}
        >
          {(control) => <textarea {...control} rows={4} {...register('patientNotes')} />}
        </Field>

        <ReferralUpload
          documentTypeId={outcome?.documentTypeId ?? null}
          onUploaded={onReferralUploaded}
          validTypes={config.data?.validReferralContentTypes ?? []}
          examSlug={exams[0]?.slug}
          groupName={params.get('groupName') ?? listParam(params, 'examSlugs').join('+')}
        />

        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={isSubmitting}>
            {t(
              exams.every((exam) => exam.bookingRequestOnly || chosen[exam.slug] === 'request')
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

/** The referral upload: only validReferralContentTypes; any other file is cleared with a hint. */
function ReferralUpload({
  validTypes,
  examSlug,
  groupName,
  documentTypeId,
  onUploaded,
}: {
  validTypes: string[];
  examSlug: string | undefined;
  groupName: string;
  /** A questionnaire outcome asks for this document type: the upload is then required. */
  documentTypeId: number | null;
  onUploaded: (uploaded: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    setProblem(null);
    setUploaded(null);
    onUploaded(false);
    if (!file) return;
    if (!isAllowedReferral(file, validTypes)) {
      input.value = '';
      setProblem(t('form.referral_file_types', { types: validTypes.join(', ') }));
      return;
    }
    setBusy(true);
    try {
      const bookingKey = await ensureBookingKey();
      await uploadReferral(bookingKey, file, {
        ...(examSlug ? { examSlug } : {}),
        ...(documentTypeId !== null ? { documentTypeId } : {}),
        groupName,
      });
      setUploaded(file.name);
      onUploaded(true);
    } catch (error) {
      input.value = '';
      setProblem(serverErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field
      id={id}
      label={t(
        documentTypeId !== null ? 'booking.form.referral_required' : 'booking.form.referral',
      )}
      hint={t(
        documentTypeId !== null
          ? 'booking.form.referral_required_hint'
          : 'booking.form.referral_hint',
      )}
      error={problem}
      // The refusal comes after the file was chosen, not on submit: said as it appears.
      announceError
    >
      {(control) => (
        <>
          <input
            {...control}
            type="file"
            accept={validTypes.join(',')}
            required={documentTypeId !== null}
            onChange={onChange}
          />
          <p role="status" className={styles.hint}>
            {busy
              ? t('booking.form.uploading')
              : uploaded
                ? t('booking.form.uploaded', { name: uploaded })
                : ''}
          </p>
        </>
      )}
    </Field>
  );
}
