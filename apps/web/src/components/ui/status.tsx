import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';
import styles from './status.module.css';

/** Inline loading state for a part of a page. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <Spinner size="small" />
      <span>{t('message.loading')}</span>
    </div>
  );
}

/** A part of the page failed to load; offers another try. */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.error} role="alert">
      <p>{t('message.generic_error')}</p>
      {onRetry ? (
        <button type="button" className={styles.button} onClick={onRetry}>
          {t('action.retry')}
        </button>
      ) : null}
    </div>
  );
}
