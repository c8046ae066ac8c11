import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import page from '../../../components/ui/page.module.css';
import { SmartLink } from '../../../components/ui/smart-link.tsx';
import status from '../../../components/ui/status.module.css';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { useImageViewerLink, useImageViewerStudy } from '../api/image-viewer-api.ts';
import { useGoTo } from '../hooks/use-go-to.ts';
import { linkAudience } from '../model/link-audience.ts';
import { linkOutcome, safeExternalUrl } from '../model/link-outcome.ts';
import { viewableSeries } from '../model/study-frames.ts';
import styles from './referrer-report.module.css';

// The viewer is its own chunk (decision 030): the page's first load stays within the booking
// home's JavaScript budget, and the viewer comes once the link is known to be ACTIVE.
const loadViewer = () => import('../components/study-viewer.tsx');
const StudyViewer = lazy(async () => ({ default: (await loadViewer()).StudyViewer }));

/** The proxy's answers meaning the study has no images to show here (docs/product/images.md). */
const noImagesCodes = new Set(['IMAGE_STUDY_NOT_FOUND', 'PACS_NOT_CONFIGURED']);

/**
 * The image viewer report page `/referrer-report?imsec&repositorySource` (spec 1 §2, §4; docs/
 * product/image-viewer-web.md#the-report-page): GET /api/image_viewer first; an EXPIRED link
 * goes to its redirect, a PACS preference to the PACS's viewer, an ACTIVE one shows the
 * header (open-PACS link, title, quality feedback) and the embedded viewer.
 */
export function ReferrerReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const imsec = params.get('imsec') ?? '';
  const repositorySource = params.get('repositorySource');
  const config = useApplicationConfig();
  const preserved = usePreservedLink();
  const link = useImageViewerLink({ imsec, repositorySource }, imsec !== '');
  const outcome = link.data ? linkOutcome(link.data) : null;
  const viewing = outcome?.kind === 'view';
  const study = useImageViewerStudy(imsec, viewing);

  const leaveTo = outcome?.kind === 'redirect' || outcome?.kind === 'pacs' ? outcome.to : null;
  const goTo = useGoTo();
  useEffect(() => {
    if (leaveTo) goTo(leaveTo, { replace: true });
  }, [leaveTo, goTo]);
  useEffect(() => {
    if (viewing) void loadViewer();
  }, [viewing]);

  const pacsUrl =
    outcome?.kind === 'view' && outcome.pacsUrl
      ? safeExternalUrl(outcome.pacsUrl, window.location.href)
      : null;
  const feedback = config.referrerReportQualityFeedbackEnabled
    ? `/referrer/report-feedback?${new URLSearchParams({ imsec })}`
    : null;
  // The quick report reads a referrer's or external link's report; a patient reads theirs on
  // their results page (docs/product/images.md#quick-report).
  const quickReport =
    linkAudience(imsec) === 'PATIENT'
      ? null
      : `/referrer/quick-report?${new URLSearchParams({ imsec, ...(repositorySource === null ? {} : { repositorySource }) })}`;

  return (
    <div>
      {/* A div, not <header>: the shell's header is the page's one banner landmark. */}
      <div className={styles.header}>
        <h1 className={page.title}>{t('page.referrer_report.title')}</h1>
        {viewing && (pacsUrl || feedback || quickReport) ? (
          <div className={styles.actions}>
            {quickReport ? (
              <SmartLink href={preserved(quickReport)} className={buttons.secondaryButton}>
                {t('image_viewer.open_quick_report')}
              </SmartLink>
            ) : null}
            {pacsUrl ? (
              <SmartLink href={pacsUrl} external className={buttons.secondaryButton}>
                {t('image_viewer.open_pacs')}
              </SmartLink>
            ) : null}
            {feedback ? (
              <SmartLink href={preserved(feedback)} className={buttons.secondaryButton}>
                {t('image_viewer.report_feedback')}
              </SmartLink>
            ) : null}
          </div>
        ) : null}
      </div>
      <ReportBody
        imsec={imsec}
        linkState={imsec === '' ? 'noUrl' : link.isError ? 'error' : (outcome?.kind ?? 'loading')}
        study={study}
      />
    </div>
  );
}

function ReportBody({
  imsec,
  linkState,
  study,
}: {
  imsec: string;
  linkState: 'loading' | 'error' | 'redirect' | 'pacs' | 'noUrl' | 'view';
  study: ReturnType<typeof useImageViewerStudy>;
}) {
  const { t } = useTranslation();
  if (linkState === 'error') {
    return (
      <p className={`${status.error} ${styles.error}`} role="alert">
        {t('image_viewer.error_generating_url')}
      </p>
    );
  }
  if (linkState === 'noUrl') {
    return (
      <p className={`${status.error} ${styles.error}`} role="alert">
        {t('message.error_generating_images_url')}
      </p>
    );
  }
  if (linkState !== 'view' || study.isPending) return <Loading />;
  if (study.isError && !(isApiError(study.error) && noImagesCodes.has(study.error.code))) {
    return <LoadError onRetry={() => void study.refetch()} />;
  }
  if (!study.data || viewableSeries(study.data).length === 0) {
    return (
      <p className={`${status.error} ${styles.warning}`} role="status">
        {t('image_viewer.images_not_available')}
      </p>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <StudyViewer key={imsec} imsec={imsec} study={study.data} />
    </Suspense>
  );
}
