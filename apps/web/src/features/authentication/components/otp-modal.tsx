import type { OtpChannel } from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './authentication.module.css';

/** docs/product/authentication.md#otp: required, digits only, exactly 6. */
export const otpPattern = /^\d{6}$/;

/**
 * The one-time-password modal (docs/product/authentication.md#otp): six digits; "send a new code"
 * waits for the visible countdown (otpSecondsBetweenRequests).
 */
export function OtpModal({
  isOpen,
  onClose,
  onSubmit,
  onResend,
  error,
  channel,
  secondsUntilResend,
  resent,
  shared = false,
}: {
  isOpen: boolean;
  onClose: () => void;
  onSubmit: (otp: string) => void;
  onResend: () => void;
  error: string | null;
  channel: OtpChannel | null;
  secondsUntilResend: number;
  /** A new code went out: said once to screen readers. */
  resent: boolean;
  /** A shared link: the code went to the recipient's own contact, not the booking's. */
  shared?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [otp, setOtp] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = otpPattern.test(otp);
  const fieldError = touched && !valid ? t('authentication.otp_modal.invalid') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSubmit(otp);
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('authentication.otp_modal.title')}>
      <form noValidate onSubmit={submit}>
        {error ? (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        ) : null}
        <p className={styles.intro}>
          {t(
            `authentication.otp_modal.${channel === 'SMS' ? 'sent_sms' : 'sent_email'}${shared ? '_shared' : ''}`,
          )}
        </p>
        <Field
          id={`${id}-otp`}
          label={t('authentication.otp_modal.label')}
          hint={t('authentication.otp_modal.hint')}
          error={fieldError}
          width="short"
        >
          {(control) => (
            <input
              {...control}
              className={`${control.className} ${styles.otpInput}`}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={!valid}>
            {t('authentication.otp_modal.submit')}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={secondsUntilResend > 0}
            onClick={onResend}
          >
            {t('authentication.otp_modal.resend')}
          </button>
        </div>
        {/* Visible every second, announced only when it changes state: a per-second live region is noise. */}
        <p className={styles.countdown} aria-live="off">
          {secondsUntilResend > 90
            ? // Past the hourly cap the wait is long: minutes read better than 3,000 seconds.
              t('authentication.otp_modal.resend_in_minutes', {
                count: Math.ceil(secondsUntilResend / 60),
              })
            : secondsUntilResend > 0
              ? t('authentication.otp_modal.resend_in', { count: secondsUntilResend })
              : null}
        </p>
        <p className="visually-hidden" role="status">
          {resent ? t('authentication.otp_modal.resent') : ''}
        </p>
      </form>
    </Modal>
  );
}
