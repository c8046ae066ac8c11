import { reportFeedbackErrorCodes, ssoErrorCodes } from '@portal/contract';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import status from '../../../components/ui/status.module.css';
import { Loading } from '../../../components/ui/status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { SurveyDialogBody } from '../../questionnaires/index.ts';
import { saveReportFeedback, useFeedbackQuestionnaire } from '../api/report-feedback-api.ts';
import { useRedirectAfterFeedback } from '../hooks/use-redirect-after-feedback.ts';
import { feedbackReferenceOf, redirectTargetOf } from '../model/feedback-reference.ts';
import styles from './report-feedback.module.css';

/** What happened to the answers on this page (before it: the questionnaire's own answer). */
type Outcome = 'answering' | 'provided' | 'alreadyProvided' | 'redirecting';

/** The questionnaires' refusal of the answers (questionnaireErrorCodes.invalidAnswer). */
const invalidAnswerKey = 'message.error_answering_questionnaire';

/**
 * The report-quality feedback page `/referrer/report-feedback?imsec=` or `?accession=` (spec 1
 * §2, §4; docs/product/images.md#report-quality-feedback). With the feature off, or neither or
 * both of the query's references, the error at once and no call. Then the referrer's feedback
 * questionnaire, "already provided" when it comes back empty, and after the answers "provided
 * successfully", then after 4 s "redirecting" and the provider's redirect when one is set.
 */
export function ReportFeedbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useApplicationConfig();
  const link = usePreservedLink();
  const reference = config.referrerReportQualityFeedbackEnabled
    ? feedbackReferenceOf(params)
    : null;
  const questionnaire = useFeedbackQuestionnaire(reference);
  const [outcome, setOutcome] = useState<Outcome>('answering');
  const message = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const redirect = useMemo(
    () => redirectTargetOf(config.referrerReportQualityFeedbackRedirectUrl, window.location.href),
    [config.referrerReportQualityFeedbackRedirectUrl],
  );
  const redirecting = useCallback(() => setOutcome('redirecting'), []);
  useRedirectAfterFeedback(redirect, outcome === 'provided', redirecting);

  // The survey (and the focus in it) is gone once answered: the outcome takes the focus, and the
  // page goes back to its top, where the heading and the outcome now fit (the survey was long).
  useEffect(() => {
    if (outcome === 'answering') return;
    window.scrollTo({ top: 0 });
    message.current?.focus({ preventScroll: true });
  }, [outcome]);

  const say = (text: string, role: 'status' | 'alert', extra?: ReactNode) => (
    <div
      ref={message}
      tabIndex={-1}
      role={role}
      className={role === 'alert' ? `${status.error} ${styles.error}` : styles.notice}
    >
      <p>{text}</p>
      {extra}
    </div>
  );

  let body: ReactNode;
  if (reference === null || questionnaire.isError) {
    const signIn =
      reference !== null &&
      'pacsAppointmentId' in reference &&
      isApiError(questionnaire.error) &&
      questionnaire.error.code === ssoErrorCodes.unauthenticated;
    body = say(
      t('report_feedback.error'),
      'alert',
      signIn ? (
        <p>
          <Link to={link('/image-viewer-access')}>{t('report_feedback.sign_in')}</Link>
        </p>
      ) : null,
    );
  } else if (outcome === 'redirecting') {
    body = say(t('report_feedback.redirecting'), 'status');
  } else if (outcome === 'provided') {
    const report =
      'imsec' in reference ? `/referrer-report?${new URLSearchParams(reference)}` : null;
    body = say(
      t('report_feedback.provided_successfully'),
      'status',
      redirect ? (
        <p>{t('report_feedback.redirect_soon')}</p>
      ) : report ? (
        <p>
          <Link to={link(report)}>{t('report_feedback.back_to_report')}</Link>
        </p>
      ) : null,
    );
  } else if (outcome === 'alreadyProvided' || questionnaire.data === null) {
    body = say(t('report_feedback.already_provided'), 'status');
  } else if (questionnaire.isPending || !questionnaire.data) {
    body = <Loading />;
  } else {
    const { questionnaireId, questionnaire: asked } = questionnaire.data;
    const submit = async (questionnaireResult: string) => {
      try {
        await saveReportFeedback(reference, { questionnaireId, questionnaireResult });
      } catch (error) {
        if (isApiError(error) && error.code === reportFeedbackErrorCodes.alreadyProvided) {
          setOutcome('alreadyProvided');
        }
        throw new Error(
          t(
            isApiError(error) && error.code === invalidAnswerKey
              ? invalidAnswerKey
              : 'report_feedback.save_error',
          ),
        );
      }
    };
    body = (
      <section aria-labelledby={titleId} className={styles.questionnaire}>
        <h2 id={titleId}>{asked.title}</h2>
        <SurveyDialogBody
          surveyKey={`${asked.id}:${asked.version}`}
          definition={asked.definition}
          onSubmit={submit}
          onSaved={() => setOutcome('provided')}
          fallbackError={t('report_feedback.save_error')}
        />
      </section>
    );
  }

  // Before the questionnaire, so it is read (and opened) before any answer is given.
  const faq = `/referrer/report-feedback/faq${params.size > 0 ? `?${params}` : ''}`;
  return (
    <Page title={t('page.report_feedback.title')}>
      <p className={styles.lead}>
        {t('report_feedback.lead')} <Link to={link(faq)}>{t('report_feedback.faq_link')}</Link>
      </p>
      {body}
    </Page>
  );
}
