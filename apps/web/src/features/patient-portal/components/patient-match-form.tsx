import { type PatientMatchRequest, resultsErrorCodes } from '@portal/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { dateOfBirthProblem } from '../../../components/ui/date-of-birth.ts';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field.tsx';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePatientMatch } from '../api/results-sharing-api.ts';
import {
  type MatchChannel,
  type PatientMatchValues,
  patientMatchProblems,
  patientMatchRequestOf,
} from '../model/patient-match.ts';
import manage from './manage.module.css';
import styles from './results.module.css';

/**
 * The patient match form (spec 2 §2, §3): to see every result of theirs, the patient gives their
 * date of birth and the e-mail address or mobile number on their bookings, choosing where the
 * security code goes. A match goes to the history page
 * (`/appointments/{historyAppointments}/result/patient?dateOfBirth=&otpType=`, spec 2 §2); no
 * match says message.patient_matching_error; too many failed checks go to the deny page.
 */
export function PatientMatchForm({
  bookingKey,
  labelledBy,
  onMatched,
}: {
  bookingKey: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** The booking key of the patient's history, with what the history page signs in with. */
  onMatched: (historyKey: string, request: PatientMatchRequest) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const match = usePatientMatch(bookingKey);
  const [values, setValues] = useState<PatientMatchValues>({
    dateOfBirth: '',
    channel: 'EMAIL',
    contact: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);

  const problems = patientMatchProblems(values, dateOfBirthProblem);
  const shown = submitted ? problems : {};
  const set = <K extends keyof PatientMatchValues>(field: K, value: PatientMatchValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (match.isPending) return;
    setSubmitted(true);
    setFailure(null);
    const request = patientMatchRequestOf(values, dateOfBirthProblem);
    if (!request) {
      (problems.dateOfBirth ? dateRef : contactRef).current?.focus();
      return;
    }
    try {
      const answer = await match.mutateAsync(request);
      onMatched(answer.historyAppointments, request);
    } catch (error) {
      // Too many failed checks: the deny page, as after too many sign-in attempts (spec 1 §4).
      if (isApiError(error) && error.code === resultsErrorCodes.maxAttemptsReached) {
        const prefix = pathname.startsWith('/iframe/') ? '/iframe' : '';
        navigate(`${prefix}/deny?maxAttempts=true&message=max_attempts_reached_results`, {
          replace: true,
        });
        return;
      }
      setFailure(
        isApiError(error) &&
          (error.code === resultsErrorCodes.patientMatchingFailed || error.status === 422)
          ? t('message.patient_matching_error')
          : t('message.generic_error'),
      );
    }
  };

  const channelLabel: Record<MatchChannel, string> = {
    EMAIL: t('results.match.channel_email'),
    SMS: t('results.match.channel_sms'),
  };

  return (
    <form
      noValidate
      className={styles.matchForm}
      onSubmit={(event) => void submit(event)}
      aria-labelledby={labelledBy}
    >
      <p>{t('results.match.intro')}</p>
      {failure ? (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <DateOfBirthField
        ref={dateRef}
        label={t('form.date_of_birth.label')}
        value={values.dateOfBirth}
        onChange={(value) => set('dateOfBirth', value)}
        errorMessage={
          shown.dateOfBirth ? t(`form.date_of_birth.errors.${shown.dateOfBirth}`) : null
        }
      />
      <FieldGroup legend={t('results.match.channel_legend')}>
        <div className={manage.options}>
          {(['EMAIL', 'SMS'] as const).map((channel) => (
            <label key={channel} className={manage.option}>
              <input
                type="radio"
                name={`${id}-channel`}
                value={channel}
                checked={values.channel === channel}
                onChange={() => set('channel', channel)}
              />
              {channelLabel[channel]}
            </label>
          ))}
        </div>
      </FieldGroup>
      <Field
        id={`${id}-contact`}
        label={t(
          values.channel === 'EMAIL' ? 'results.match.email_label' : 'results.match.mobile_label',
        )}
        hint={t('results.match.contact_hint')}
        error={shown.contact ? t(shown.contact) : null}
        width={values.channel === 'EMAIL' ? 'long' : 'short'}
      >
        {(control) => (
          <input
            {...control}
            ref={contactRef}
            type={values.channel === 'EMAIL' ? 'email' : 'tel'}
            inputMode={values.channel === 'EMAIL' ? 'email' : 'tel'}
            autoComplete={values.channel === 'EMAIL' ? 'email' : 'tel'}
            spellCheck={false}
            value={values.contact}
            onChange={(event) => set('contact', event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className={manage.button} aria-disabled={match.isPending || undefined}>
        {match.isPending ? t('results.match.checking') : t('results.match.submit')}
      </button>
    </form>
  );
}
