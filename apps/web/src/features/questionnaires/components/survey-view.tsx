import 'survey-core/survey-core.fontless.css';
import 'survey-core/i18n/macedonian';
import { useEffect, useRef, useState } from 'react';
import {
  type AfterRenderQuestionEvent,
  type CompletingEvent,
  Model,
  type SurveyModel,
} from 'survey-core';
import { Survey } from 'survey-react-ui';
import styles from './questionnaire.module.css';

export interface SurveyViewProps {
  definition: Record<string, unknown>;
  locale: 'mk' | 'en';
  /** Saves `survey.data` as JSON text; rejects when the answer could not be saved. */
  onSubmit: (result: string) => Promise<void>;
  /** Runs once the answer is saved. */
  onSaved: () => void;
  /** Answers to show, read-only (a signed consent form, modules consent-forms); no Complete. */
  readOnlyData?: Record<string, unknown> | undefined;
}

/**
 * One SurveyJS questionnaire (the heavy part, loaded on demand). Completion waits for the
 * save: a refused save keeps the survey on its last page with the answers, so Complete can
 * be pressed again; the modal shows and announces the error.
 */
/**
 * SurveyJS's default theme (teal, Open Sans, a tinted page) set to the portal's theme
 * variables, which the provider's theme config fills at start; the provider's
 * questionnaireCss, injected in the head, can still override any of it.
 */
const portalTheme = {
  cssVariables: {
    '--sjs2-color-project-brand-600': 'var(--color-primary)',
    '--sjs2-color-utility-surface-survey': 'var(--color-surface)',
    '--sjs2-typography-font-family-text': 'var(--font-family)',
  },
};

/**
 * SurveyJS renders a yes/no question shown as radios (boolean, renderAs radio) in a fieldset
 * with role="presentation", so a screen reader hears "Yes, radio button" without the question.
 * Name the group by the question's title, as its radiogroup questions already are (WCAG 1.3.1).
 */
function labelRadioGroup(_survey: SurveyModel, options: AfterRenderQuestionEvent) {
  const group = options.htmlElement.querySelector('fieldset[role="presentation"]');
  const titleId = options.question.ariaTitleId;
  if (!group || !titleId || !group.querySelector('input[type="radio"]')) return;
  group.setAttribute('role', 'radiogroup');
  group.setAttribute('aria-labelledby', titleId);
  if (options.question.isRequired) group.setAttribute('aria-required', 'true');
}

/**
 * The provider's questionnaireCss is a style element the head gets at start (app/head);
 * SurveyJS's stylesheet arrives later with this chunk and would win every tie. Moving the
 * provider's style after it keeps the provider's rules on top, as the config intends.
 */
function keepProviderCssLast(): void {
  const style = document.head.querySelector('style[data-style="questionnaire"]');
  if (style && style !== document.head.lastElementChild) document.head.append(style);
}

export default function SurveyView({
  definition,
  locale,
  onSubmit,
  onSaved,
  readOnlyData,
}: SurveyViewProps) {
  const [model] = useState(() => {
    const survey = new Model(definition);
    if (readOnlyData) {
      survey.data = readOnlyData;
      survey.mode = 'display';
    }
    survey.locale = locale;
    // The modal's heading already names the questionnaire.
    survey.showTitle = false;
    survey.showCompletePage = false;
    // Focus stays where the modal puts it (the dialog, so its title is announced first).
    survey.autoFocusFirstQuestion = false;
    survey.onAfterRenderQuestion.add(labelRadioGroup);
    survey.applyTheme(portalTheme);
    return survey;
  });
  const handlers = useRef({ onSubmit, onSaved });
  handlers.current = { onSubmit, onSaved };

  useEffect(() => {
    const completing = async (survey: SurveyModel, options: CompletingEvent) => {
      try {
        await handlers.current.onSubmit(JSON.stringify(survey.data));
      } catch {
        options.allow = false;
      }
    };
    const complete = () => handlers.current.onSaved();
    model.onCompleting.add(completing);
    model.onComplete.add(complete);
    return () => {
      model.onCompleting.remove(completing);
      model.onComplete.remove(complete);
    };
  }, [model]);

  useEffect(() => {
    model.locale = locale;
  }, [model, locale]);

  useEffect(keepProviderCssLast, []);

  return (
    <div className={styles.survey}>
      <Survey model={model} />
    </div>
  );
}
