import type { KioskAppointment } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import styles from './kiosk-check-in.module.css';

/** CONFIRM: today's appointments (exam, clinic, time) and one big Check in button. */
export function ConfirmAppointments({
  appointments,
  busy,
  onCheckIn,
  onCancel,
}: {
  appointments: readonly KioskAppointment[];
  busy: boolean;
  onCheckIn: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ul className={styles.appointments}>
        {appointments.map((appointment) => (
          <li key={appointment.id} className={styles.appointment}>
            <span className={styles.time}>
              {formatClinicDateTime(appointment.startsAt, appointment.timeZone, i18n.language, {
                hour: 'numeric',
                minute: '2-digit',
                timeZoneName: 'short',
              })}
            </span>
            <span className={styles.exam}>{appointment.examName}</span>
            <span>{appointment.clinicName}</span>
            {appointment.canCheckIn ? null : (
              <span className={styles.note}>
                {t(
                  appointment.checkInState
                    ? 'kiosk_check_in.confirm.already'
                    : 'kiosk_check_in.confirm.not_now',
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${buttons.button} ${styles.bigButton} ${styles.checkInButton}`}
          onClick={onCheckIn}
          disabled={busy}
        >
          {busy ? t('kiosk_check_in.confirm.checking_in') : t('kiosk_check_in.confirm.check_in')}
        </button>
        <button
          type="button"
          className={`${buttons.secondaryButton} ${styles.bigButton}`}
          onClick={onCancel}
          disabled={busy}
        >
          {t('action.cancel')}
        </button>
      </div>
    </>
  );
}

/** SUCCESS, FEEDBACK and ERROR: what happened, and Done (Try again after a miss). */
export function Outcome({
  body,
  onDone,
  onRetry,
}: {
  body: string[];
  onDone: () => void;
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {body.map((paragraph) => (
        <p key={paragraph} className={styles.body}>
          {paragraph}
        </p>
      ))}
      <div className={styles.actions}>
        {onRetry ? (
          <button
            type="button"
            className={`${buttons.button} ${styles.bigButton}`}
            onClick={onRetry}
          >
            {t('kiosk_check_in.try_again')}
          </button>
        ) : null}
        <button
          type="button"
          className={`${onRetry ? buttons.secondaryButton : buttons.button} ${styles.bigButton}`}
          onClick={onDone}
        >
          {t('kiosk_check_in.done')}
        </button>
      </div>
      <p className={styles.note}>{t('kiosk_check_in.returns_to_start')}</p>
    </>
  );
}
