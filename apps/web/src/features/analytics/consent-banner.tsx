import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import buttonStyles from '../../components/ui/button.module.css';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { usePortalConfig } from '../../lib/config.tsx';
import { useShellMode } from '../../lib/shell-mode.ts';
import styles from './consent-banner.module.css';
import { saveTrackingChoice } from './tracking-choice.ts';

/**
 * The analytics question (docs/product/shell-and-configuration.md#analytics): accept and reject
 * side by side and alike, since refusing must be as easy as agreeing; the booking goes on
 * meanwhile (not a modal). Fixed to the bottom of the window, with the page's scroll padding
 * kept clear of it so no focused control hides behind it (WCAG 2.4.11); in a provider's frame,
 * whose height follows the page, it sits at the top instead.
 */
export default function ConsentBanner() {
  const { t } = useTranslation();
  const { radiology } = usePortalConfig();
  const { iframe } = useShellMode();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const banner = ref.current;
    if (iframe || !banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--consent-banner-height', `${banner.offsetHeight}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, [iframe]);

  const privacyUrl = radiology.privacyPolicyUrl;
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className={`${styles.banner} ${iframe ? styles.inFrame : styles.fixed}`}
    >
      <div className={styles.inner}>
        <h2 id={titleId} className={styles.title}>
          {t('analytics_consent.title')}
        </h2>
        <p className={styles.text}>
          {t('analytics_consent.text', { name: radiology.name })}{' '}
          <SmartLink href={privacyUrl || '/privacy'} external className={styles.link}>
            {t('analytics_consent.privacy_link')}
          </SmartLink>
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttonStyles.secondaryButton}
            onClick={() => saveTrackingChoice('granted')}
          >
            {t('analytics_consent.accept')}
          </button>
          <button
            type="button"
            className={buttonStyles.secondaryButton}
            onClick={() => saveTrackingChoice('denied')}
          >
            {t('analytics_consent.reject')}
          </button>
        </div>
      </div>
    </section>
  );
}
