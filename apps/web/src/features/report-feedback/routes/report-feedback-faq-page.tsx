import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { feedbackReferenceOf } from '../model/feedback-reference.ts';
import styles from './report-feedback.module.css';

/**
 * The referrer report FAQ page `/referrer/report-feedback/faq` (spec 1 §2: HTML from a
 * translation): what the feedback is for, who sees it, one per report. The translation is ours,
 * but it goes through the shared sanitizer like any HTML a provider may override. Opened from
 * the feedback page with its query, it links back to that report's feedback.
 */
export function ReportFeedbackFaqPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = usePreservedLink();
  const reference = feedbackReferenceOf(params);
  return (
    <Page title={t('page.report_feedback_faq.title')}>
      <SanitizedHtml html={t('report_feedback.faq_html')} />
      {reference ? (
        <p className={styles.faq}>
          <Link to={link(`/referrer/report-feedback?${params}`)}>
            {t('report_feedback.faq_back')}
          </Link>
        </p>
      ) : null}
    </Page>
  );
}
