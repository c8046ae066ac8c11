import type { Questionnaire } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/status.tsx';
import { modalSizeOf, showsCloseControl, surveyLocaleOf } from '../model/questionnaire-rules.ts';
import styles from './questionnaire.module.css';

// survey-core and survey-react-ui (~430 KB gzip with their CSS) load only when a questionnaire shows.
const SurveyView = lazy(() => import('./survey-view.tsx'));

export interface QuestionnaireModalProps {
  /** The questionnaire to show; null closes the modal. */
  questionnaire: Questionnaire | null;
  /** Its place in the list ("2 of 3"), when there are several. */
  position?: { index: number; total: number } | undefined;
  /** Saves the answer (JSON of survey.data); rejects with the message to show. */
  onSubmit: (result: string) => Promise<void>;
  /** The answer is saved: show the next one or finish. */
  onSaved: () => void;
  /** Where closing goes; without it there is no close control. */
  onClose?: (() => void) | undefined;
}

/**
 * The questionnaire survey modal (spec 1 §2, §4): one questionnaire at a time, sized by its
 * modalSize, with a static backdrop and no keyboard close. Whether it has a close control
 * depends on its type; closing asks first when showClosingConfirmation is set.
 */
export function QuestionnaireModal({
  questionnaire,
  position,
  onSubmit,
  onSaved,
  onClose,
}: QuestionnaireModalProps) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const closable = Boolean(onClose && questionnaire && showsCloseControl(questionnaire.type));

  const submit = async (result: string) => {
    setError(null);
    try {
      await onSubmit(result);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('message.error_answering_questionnaire'));
      throw cause;
    }
  };

  const requestClose = () => {
    if (questionnaire?.showClosingConfirmation) setConfirming(true);
    else onClose?.();
  };

  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={questionnaire !== null}
      // Static (spec 1 §2): neither a click outside nor Escape closes it; only the control does.
      isDismissable={false}
      isKeyboardDismissDisabled
      onOpenChange={(open) => {
        if (!open && closable) requestClose();
      }}
    >
      <Modal className={`${styles.modal} ${styles[modalSizeOf(questionnaire)]}`}>
        <Dialog
          className={styles.dialog}
          data-modal-size={modalSizeOf(questionnaire)}
          data-questionnaire-type={questionnaire?.type}
        >
          <div className={styles.header}>
            <div>
              {position && position.total > 1 ? (
                <p className={styles.position}>
                  {t('questionnaire.position', { index: position.index, total: position.total })}
                </p>
              ) : null}
              <Heading slot="title" className={styles.title}>
                {questionnaire?.title}
              </Heading>
            </div>
            {closable ? (
              <button
                type="button"
                className={styles.close}
                aria-label={t('questionnaire.close')}
                onClick={requestClose}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
          <div role="alert" className={error ? styles.error : undefined}>
            {error}
          </div>
          {questionnaire ? (
            <Suspense fallback={<Loading />}>
              <SurveyView
                key={`${questionnaire.id}:${questionnaire.version}`}
                definition={questionnaire.definition}
                locale={surveyLocaleOf(i18n.language)}
                onSubmit={submit}
                onSaved={() => {
                  setError(null);
                  onSaved();
                }}
              />
            </Suspense>
          ) : null}
        </Dialog>
      </Modal>
      <ClosingConfirmation
        isOpen={confirming}
        onStay={() => setConfirming(false)}
        onLeave={() => {
          setConfirming(false);
          onClose?.();
        }}
      />
    </ModalOverlay>
  );
}

/** "Leave without finishing?" (showClosingConfirmation), itself static like its parent. */
function ClosingConfirmation({
  isOpen,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      isDismissable={false}
      isKeyboardDismissDisabled
    >
      <Modal className={`${styles.modal} ${styles.sm}`}>
        <Dialog role="alertdialog" className={styles.dialog}>
          <Heading slot="title" className={styles.title}>
            {t('questionnaire.confirm_close_title')}
          </Heading>
          <p>{t('questionnaire.confirm_close_text')}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={onStay}>
              {t('questionnaire.confirm_close_stay')}
            </button>
            <button type="button" className={styles.secondaryButton} onClick={onLeave}>
              {t('questionnaire.confirm_close_leave')}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
