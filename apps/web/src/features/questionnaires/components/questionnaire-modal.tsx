import type { Questionnaire } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { modalSizeOf, showsCloseControl } from '../model/questionnaire-rules.ts';
import { LeaveSurveyConfirmation, SurveyDialogBody } from './survey-dialog.tsx';

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
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const closable = Boolean(onClose && questionnaire && showsCloseControl(questionnaire.type));

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
      {questionnaire ? (
        <SurveyDialogBody
          surveyKey={`${questionnaire.id}:${questionnaire.version}`}
          definition={questionnaire.definition}
          onSubmit={onSubmit}
          onSaved={onSaved}
          fallbackError={t('message.error_answering_questionnaire')}
        />
      ) : null}
      <LeaveSurveyConfirmation
        isOpen={confirming}
        text={{
          title: t('questionnaire.confirm_close_title'),
          body: t('questionnaire.confirm_close_text'),
          stay: t('questionnaire.confirm_close_stay'),
          leave: t('questionnaire.confirm_close_leave'),
        }}
        onStay={() => setConfirming(false)}
        onLeave={() => {
          setConfirming(false);
          onClose?.();
        }}
      />
    </Modal>
  );
}
