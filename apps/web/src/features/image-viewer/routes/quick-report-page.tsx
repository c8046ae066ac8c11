import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import page from '../../../components/ui/page.module.css';
import status from '../../../components/ui/status.module.css';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { formatCalendarDay, formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { useImageViewerLink, useQuickReport } from '../api/image-viewer-api.ts';
import { useGoTo } from '../hooks/use-go-to.ts';
import { type QuickReportState, quickReportState } from '../model/quick-report-state.ts';
import styles from './quick-report.module.css';

/**
 * The referrer's quick report `/referrer/quick-report?imsec&repositorySource` (spec 1 §2;
 * docs/product/images.md#quick-report): the released report of the link's one study at a
 * glance, on a phone between patients, with View images and the report-quality feedback.
 */
export function QuickReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const imsec = params.get('imsec') ?? '';
  const repositorySource = params.get('repositorySource');
  const link = useImageViewerLink({ imsec, repositorySource }, imsec !== '');
  const report = useQuickReport(imsec, imsec !== '');
  const state = quickReportState(imsec, link, report);

  const leaveTo = state.kind === 'leaving' ? state.to : null;
  const goTo = useGoTo();
  useEffect(() => {
    if (leaveTo) goTo(leaveTo, { replace: true });
  }, [leaveTo, goTo]);

  const retry = () => {
    void link.refetch();
    void report.refetch();
  };

  return (
    <div className={styles.page}>
      <h1 className={page.title}>{t('page.quick_report.title')}</h1>
      <QuickReportBody
        state={state}
        imsec={imsec}
        repositorySource={repositorySource}
        onRetry={retry}
      />
    </div>
  );
}

function QuickReportBody({
  state,
  imsec,
  repositorySource,
  onRetry,
}: {
  state: QuickReportState;
  imsec: string;
  repositorySource: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  switch (state.kind) {
    case 'loading':
    case 'leaving':
      return <Loading />;
    case 'noLink':
      return (
        <p className={`${status.error} ${styles.error}`} role="alert">
          {t('message.error_generating_images_url')}
        </p>
      );
    case 'invalidLink':
      return (
        <p className={`${status.error} ${styles.error}`} role="alert">
          {t('image_viewer.error_generating_url')}
        </p>
      );
    case 'failed':
      return <LoadError onRetry={onRetry} />;
    case 'noReportForLink':
    case 'notReleased':
      return (
        <>
          <p className={`${status.error} ${styles.notice}`} role="status">
            {t(
              state.kind === 'notReleased'
                ? 'image_viewer.quick_report.not_released'
                : 'image_viewer.quick_report.not_for_this_link',
            )}
          </p>
          <Actions
            imsec={imsec}
            repositorySource={repositorySource}
            images={state.images}
            feedback={false}
          />
        </>
      );
    case 'report':
      return <ReleasedReport state={state} imsec={imsec} repositorySource={repositorySource} />;
  }
}

function ReleasedReport({
  state,
  imsec,
  repositorySource,
}: {
  state: Extract<QuickReportState, { kind: 'report' }>;
  imsec: string;
  repositorySource: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { report } = state;
  return (
    <article className={styles.report} aria-labelledby="quick-report-exam">
      <h2 id="quick-report-exam" className={styles.exam}>
        {report.examName}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('image_viewer.quick_report.study_date')}</dt>
          <dd>
            {formatCalendarDay(report.studyDate, i18n.language, {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
          </dd>
        </div>
        <div>
          <dt>{t('image_viewer.quick_report.clinic')}</dt>
          <dd>{report.clinicName}</dd>
        </div>
        <div>
          <dt>{t('image_viewer.quick_report.released')}</dt>
          <dd>
            {formatClinicDateTime(report.releasedAt, report.timeZone, i18n.language, {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              timeZoneName: 'short',
            })}
          </dd>
        </div>
        <div>
          <dt>{t('image_viewer.quick_report.accession_number')}</dt>
          <dd>{state.accessionNumber}</dd>
        </div>
      </dl>
      <section className={styles.text} aria-labelledby="quick-report-title">
        <h3 id="quick-report-title">{report.title}</h3>
        {/* Plain text as released: React escapes it; pre-wrap keeps its line breaks. */}
        <p className={styles.reportText}>{report.text}</p>
      </section>
      <Actions
        imsec={imsec}
        repositorySource={repositorySource}
        images={state.images}
        feedback={true}
      />
    </article>
  );
}

/** View images (the report page, which also sends a PACS preference on), and the feedback. */
function Actions({
  imsec,
  repositorySource,
  images,
  feedback,
}: {
  imsec: string;
  repositorySource: string | null;
  images: boolean;
  feedback: boolean;
}) {
  const { t } = useTranslation();
  const config = useApplicationConfig();
  const preserved = usePreservedLink();
  const showFeedback = feedback && config.referrerReportQualityFeedbackEnabled;
  const viewer = new URLSearchParams({ imsec });
  if (repositorySource !== null) viewer.set('repositorySource', repositorySource);
  return (
    <div className={styles.actions}>
      {images ? (
        <Link to={preserved(`/referrer-report?${viewer}`)} className={buttons.button}>
          {t('image_viewer.view_images')}
        </Link>
      ) : (
        <p className={styles.noImages}>{t('image_viewer.images_not_available')}</p>
      )}
      {showFeedback ? (
        <Link
          to={preserved(`/referrer/report-feedback?${new URLSearchParams({ imsec })}`)}
          className={buttons.secondaryButton}
        >
          {t('image_viewer.report_feedback')}
        </Link>
      ) : null}
    </div>
  );
}
