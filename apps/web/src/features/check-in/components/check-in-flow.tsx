import type { CheckInStatusResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { CheckInTarget } from '../api/check-in-api.ts';
import { useCheckInSubmit } from '../hooks/use-check-in-submit.ts';
import styles from './check-in.module.css';
import { CheckInFormModal } from './check-in-form-modal.tsx';

/** The clinic's date today, YYYY-MM-DD (en-CA writes it so). */
export const clinicToday = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/**
 * The check-in from home once the patient pressed Check in (docs/product/check-in.md#the-web):
 * SIMPLE mode's confirm dialog or FORM mode's form, then the processing modal while the status
 * is polled, then the confirmation or the error. Loaded on the first press (its own chunk).
 */
export function CheckInFlow({
  target,
  status,
  timeZone,
  onClose,
}: {
  target: CheckInTarget;
  status: CheckInStatusResponse;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { phase, fieldErrors, message, submit } = useCheckInSubmit(target);
  const editing = phase.kind === 'editing' || phase.kind === 'sending';
  const busy = phase.kind === 'sending';

  if (editing && status.mode === 'FORM') {
    return (
      <CheckInFormModal
        isOpen
        bookingKey={target.bookingKey}
        status={status}
        today={clinicToday(timeZone)}
        busy={busy}
        serverErrors={fieldErrors}
        serverMessage={message}
        onSubmit={(form) => void submit(form)}
        onClose={onClose}
      />
    );
  }
  if (editing) {
    return (
      <Modal
        isOpen
        onClose={busy ? undefined : onClose}
        title={t('check_in.confirm_title')}
        role="alertdialog"
        actions={
          <>
            <button type="button" className={buttons.secondaryButton} onClick={onClose}>
              {t('check_in.cancel')}
            </button>
            <button
              type="button"
              className={buttons.button}
              aria-disabled={busy || undefined}
              onClick={() => (busy ? undefined : void submit(null))}
            >
              {busy ? t('check_in.sending') : t('check_in.submit')}
            </button>
          </>
        }
      >
        <p>{t('check_in.confirm_text')}</p>
        {message ? (
          <p className={styles.errorSummary} role="alert">
            {t(message, { defaultValue: t('message.generic_error') })}
          </p>
        ) : null}
      </Modal>
    );
  }
  if (phase.kind === 'processing') {
    return (
      <Modal isOpen title={t('check_in.processing_title')} dismiss="static">
        <div className={styles.processing} role="status" aria-live="polite">
          <Spinner />
          <p>{t('check_in.processing_text')}</p>
        </div>
      </Modal>
    );
  }
  const outcome = phase.kind === 'done' ? phase.outcome : 'STILL_QUEUED';
  const failed = outcome === 'FAILED';
  return (
    <Modal
      isOpen
      onClose={onClose}
      tone={failed ? 'error' : 'default'}
      role={failed ? 'alertdialog' : 'dialog'}
      title={t(
        failed
          ? 'message.check_in_error'
          : outcome === 'DELIVERED'
            ? 'check_in.confirmed_title'
            : 'check_in.still_sending_title',
      )}
      actions={
        <button type="button" className={buttons.button} onClick={onClose}>
          {t('check_in.close')}
        </button>
      }
    >
      <p role="status">
        {t(
          failed
            ? 'message.check_in_error_desc'
            : outcome === 'DELIVERED'
              ? 'message.check_in_confirmed'
              : 'check_in.still_sending_text',
        )}
      </p>
    </Modal>
  );
}
