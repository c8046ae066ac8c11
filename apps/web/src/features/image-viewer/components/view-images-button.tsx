import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './view-images.module.css';

/**
 * A result's "View images" (docs/product/image-viewer-web.md#from-the-results-page): the click
 * loads model/open-study.ts, which asks for the study's link and goes to its page in the same
 * tab (the viewer is that page), or answers the message to show. Loaded on the click, it keeps
 * the call and its rules out of the results page's first JavaScript (docs/benchmarks.md).
 */
export function ViewImagesButton({
  accessionNumber,
  examName,
  className,
}: {
  accessionNumber: string;
  examName: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const open = async () => {
    if (opening) return;
    setOpening(true);
    setFailure(null);
    const message = await import('../model/open-study.ts').then(
      ({ openStudy }) => openStudy(navigate, accessionNumber),
      // The chunk did not load (offline, a new deployment): the same words as a failed call.
      () => 'message.error_generating_images_url',
    );
    if (message) {
      setFailure(message);
      setOpening(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={opening ? undefined : t('image_viewer.view_images_named', { exam: examName })}
        aria-describedby={failure ? errorId : undefined}
        aria-busy={opening || undefined}
        onClick={() => void open()}
      >
        {opening ? t('image_viewer.opening') : t('image_viewer.view_images')}
      </button>
      {failure ? (
        <p id={errorId} role="alert" className={styles.error}>
          {t(failure)}
        </p>
      ) : null}
    </>
  );
}
