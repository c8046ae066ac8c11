import { type ReactNode, type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './manage.module.css';
import own from './patient-details.module.css';

/**
 * A request form in a modal, as the patient's pages ask for details changes and reach the call
 * centre: the send and cancel buttons in the modal's actions (both inert while `busy`, the send
 * one saying so), the intro, the server's refusal as an alert under its title, then the fields.
 * Submitting runs `onSubmit`, which checks the fields and focuses the first wrong one.
 */
export function FormModal({
  isOpen = true,
  title,
  intro,
  failureTitle,
  failure,
  busy,
  labels,
  formRef,
  onSubmit,
  onClose,
  children,
}: {
  isOpen?: boolean;
  title: string;
  intro: ReactNode;
  failureTitle: string;
  /** The server's refusal, already in words; null while there is none. */
  failure: string | null;
  busy: boolean;
  labels: { send: string; sending: string; cancel: string };
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = `${useId()}-form`;
  return (
    <Modal
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      title={title}
      size="wide"
      closeLabel={t('action.close')}
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className={styles.button}
            aria-disabled={busy || undefined}
          >
            {busy ? labels.sending : labels.send}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-disabled={busy || undefined}
            onClick={() => (busy ? undefined : onClose())}
          >
            {labels.cancel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        {intro}
        {failure ? (
          <div className={own.failure} role="alert">
            <p className={own.failureTitle}>{failureTitle}</p>
            <p>{failure}</p>
          </div>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}
