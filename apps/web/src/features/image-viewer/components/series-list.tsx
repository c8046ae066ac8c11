import type { ImageViewerSeries } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import type { FrameEntry } from '../hooks/use-frame-cache.ts';
import styles from './image-viewer.module.css';

/** A series' name as the viewer says it: its number and description, when it has them. */
export function useSeriesLabel() {
  const { t } = useTranslation();
  return (series: ImageViewerSeries) => {
    const description = series.description ?? series.modality;
    if (series.seriesNumber === null) return description ?? t('image_viewer.series_unnamed');
    return description
      ? t('image_viewer.series_label', { number: series.seriesNumber, description })
      : t('image_viewer.series_number', { number: series.seriesNumber });
  };
}

/**
 * The study's series as buttons with a thumbnail (its first image) and its number of images;
 * the one shown is pressed. Below the image on a phone, beside it on a wider screen.
 */
export function SeriesList({
  series,
  selected,
  thumbnailOf,
  imageCountOf,
  onSelect,
}: {
  series: ImageViewerSeries[];
  selected: number;
  thumbnailOf: (index: number) => FrameEntry | undefined;
  imageCountOf: (index: number) => number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  const labelOf = useSeriesLabel();
  return (
    <nav className={styles.seriesNav} aria-labelledby="image-viewer-series">
      <h2 id="image-viewer-series" className={styles.seriesHeading}>
        {t('image_viewer.series_heading')}
      </h2>
      <ul className={styles.seriesList}>
        {series.map((item, index) => {
          const thumbnail = thumbnailOf(index);
          return (
            <li key={item.seriesInstanceUid}>
              <button
                type="button"
                className={styles.seriesButton}
                aria-pressed={index === selected}
                onClick={() => onSelect(index)}
              >
                <span className={styles.thumbnail} aria-hidden="true">
                  {thumbnail?.status === 'loaded' ? <img src={thumbnail.url} alt="" /> : null}
                </span>
                <span className={styles.seriesText}>
                  <span className={styles.seriesName}>{labelOf(item)}</span>
                  <span>{t('image_viewer.image_count', { count: imageCountOf(index) })}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
