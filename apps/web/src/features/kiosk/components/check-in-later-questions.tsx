import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { dateOfBirthProblem } from '../../../components/ui/date-of-birth.ts';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Actions, useFocusOnShow } from './check-in-questions.tsx';
import styles from './kiosk-check-in.module.css';

/**
 * The kiosk check-in's questions after the name: date of birth and the one-time password
 * (check-in-questions.tsx says how they ask).
 */

export function DateOfBirthQuestion({
  busy,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  onSubmit: (dateOfBirth: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const firstBox = useFocusOnShow<HTMLInputElement>();
  const problem = dateOfBirthProblem(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem === null) onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <div className={styles.dateOfBirth}>
        <DateOfBirthField
          label={t('kiosk_check_in.date_of_birth.label')}
          value={value}
          onChange={setValue}
          ref={firstBox}
          rememberable={false}
          errorMessage={submitted && problem ? t(`form.date_of_birth.errors.${problem}`) : null}
        />
      </div>
      <Actions
        busy={busy}
        submitLabel={t('kiosk_check_in.continue')}
        onBack={onBack}
        backLabel={t('kiosk_check_in.back')}
      />
    </form>
  );
}

const otpPattern = /^\d{6}$/;

export function OtpQuestion({
  busy,
  channel,
  wrong,
  onSubmit,
  onResend,
  onBack,
}: {
  busy: boolean;
  channel: 'EMAIL' | 'SMS' | null;
  /** The last code was refused. */
  wrong: boolean;
  onSubmit: (otp: string) => void;
  onResend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const input = useFocusOnShow<HTMLInputElement>();
  const valid = otpPattern.test(value);
  const error =
    submitted && !valid
      ? t('kiosk_check_in.otp.invalid')
      : wrong
        ? t('kiosk_check_in.otp.wrong')
        : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (valid) onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <Field
        id={id}
        label={<span className={styles.question}>{t('kiosk_check_in.otp.label')}</span>}
        hint={t(
          channel === 'SMS' ? 'kiosk_check_in.otp.sent_sms' : 'kiosk_check_in.otp.sent_email',
        )}
        error={error}
        announceError
        width="short"
      >
        {(control) => (
          <input
            {...control}
            className={`${control.className} ${styles.bigInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            ref={input}
            value={value}
            onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </Field>
      <Actions
        busy={busy}
        submitLabel={t('kiosk_check_in.continue')}
        onBack={onBack}
        backLabel={t('action.cancel')}
      />
      <p>
        <button
          type="button"
          className={buttons.secondaryButton}
          onClick={onResend}
          disabled={busy}
        >
          {t('kiosk_check_in.otp.resend')}
        </button>
      </p>
    </form>
  );
}
