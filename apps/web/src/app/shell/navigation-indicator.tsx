import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import styles from './navigation-indicator.module.css';

/**
 * Full-screen 'message.loading' while the router navigates
 * (docs/product/shell-and-configuration.md#start-up-and-the-head): from navigation start until it
 * ends, is cancelled or errors, i.e. while the navigation state is not idle. The live region stays
 * mounted so screen readers announce the text when it appears.
 */
export function NavigationIndicator() {
  const { t } = useTranslation();
  const navigating = useNavigation().state !== 'idle';
  return (
    <div role="status" aria-live="polite">
      {navigating ? (
        <div className={styles.overlay}>
          <div className={styles.box}>
            <Spinner size="large" />
            <p className={styles.text}>{t('message.loading')}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
