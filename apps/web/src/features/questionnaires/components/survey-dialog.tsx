import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Modal } from '../../../components/ui/modal.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { surveyLocaleOf } from '../model/questionnaire-rules.ts';
import styles from './questionnaire.module.css';

// survey-core and survey-react-ui (~430 KB gzip with their CSS) load only when a survey shows.
const SurveyView = lazy(() => import('./survey-view.tsx'));

/**
 * What a survey in a modal shows around it, for every modal that asks one (the questionnaire
 * modal, the consent form modal): the answer's save error announced above the survey, and the
 * survey itself, loaded on demand. A failed save keeps the survey as answered.
 */
export function SurveyDialogBody({
  surveyKey,
  definition,
  onSubmit,
  onSaved,
  fallbackError,
}: {
  /** Changes when another survey or version shows, so the answers start afresh. */
  surveyKey: string;
  definition: Record<string, unknown>;
  /** Saves the answers (JSON of survey.data); rejects with the message to show. */
  onSubmit: (result: string) => Promise<void>;
  onSaved: () => void;
  /** Shown when the rejection carries no message. */
  fallbackError: string;
}) {
  const { i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (result: string) => {
    setError(null);
    try {
      await onSubmit(result);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : fallbackError);
      throw cause;
    }
  };

  return (
    <>
      <div role="alert" className={error ? styles.error : undefined}>
        {error}
      </div>
      <Suspense fallback={<Loading />}>
        <SurveyView
          key={surveyKey}
          definition={definition}
          locale={surveyLocaleOf(i18n.language)}
          onSubmit={submit}
          onSaved={() => {
            setError(null);
            onSaved();
          }}
        />
      </Suspense>
    </>
  );
}

/**
 * "Leave without finishing?": static like the survey's modal, and rendered inside it so
 * react-aria stacks it over that one (a nested modal). Staying is the first, main action.
 */
export function LeaveSurveyConfirmation({
  isOpen,
  text,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  /** Translated: the question, its explanation and the two answers. */
  text: { title: string; body: string; stay: string; leave: string };
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      dismiss="static"
      size="sm"
      role="alertdialog"
      title={text.title}
      actions={
        <>
          <button type="button" className={buttons.button} onClick={onStay}>
            {text.stay}
          </button>
          <button type="button" className={buttons.secondaryButton} onClick={onLeave}>
            {text.leave}
          </button>
        </>
      }
    >
      <p>{text.body}</p>
    </Modal>
  );
}
