import type { Questionnaire } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
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
 * The questionnaire survey modal (docs/product/questionnaires.md#the-modal): one questionnaire at a
 * time, sized by its modalSize, with a static backdrop and no keyboard close. Whether it has a
 * close control depends on its type; closing asks first when showClosingConfirmation is set.
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

  const size = modalSizeOf(questionnaire);
  return (
    <Modal
      isOpen={questionnaire !== null}
      // Static (docs/product/questionnaires.md#the-modal): neither a click outside nor Escape
      // closes it; only the control does.
      dismiss="static"
      onClose={closable ? requestClose : undefined}
      closeLabel={closable ? t('questionnaire.close') : undefined}
      size={size}
      dialogProps={{ 'data-modal-size': size, 'data-questionnaire-type': questionnaire?.type }}
      eyebrow={
        position && position.total > 1
          ? t('questionnaire.position', { index: position.index, total: position.total })
          : null
      }
      title={questionnaire?.title}
    >
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
      {/* Inside the dialog, so react-aria stacks it over this one (a nested modal). */}
      <ClosingConfirmation
        isOpen={confirming}
        onStay={() => setConfirming(false)}
        onLeave={() => {
          setConfirming(false);
          onClose?.();
        }}
      />
    </Modal>
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
    <Modal
      isOpen={isOpen}
      dismiss="static"
      size="sm"
      role="alertdialog"
      title={t('questionnaire.confirm_close_title')}
      actions={
        <>
          <button type="button" className={styles.button} onClick={onStay}>
            {t('questionnaire.confirm_close_stay')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onLeave}>
            {t('questionnaire.confirm_close_leave')}
          </button>
        </>
      }
    >
      <p>{t('questionnaire.confirm_close_text')}</p>
    </Modal>
  );
}
