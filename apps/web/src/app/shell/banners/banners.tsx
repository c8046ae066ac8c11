import { bannerFingerprint, closedBannerCookieName } from '@portal/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { usePortalConfig } from '../../../lib/config.tsx';
import { readCookie, writeCookie } from '../../../lib/cookies.ts';
import styles from './banners.module.css';

// Only the iframe variant shows the provider's banner as a dialog: a chunk of its own.
const IframeBannerModal = lazy(() => import('./iframe-banner-modal.tsx'));

/**
 * The banners above the header, grouped in one labelled region so assistive technology can
 * find (or skip) them; absent when none shows. `htmlAsModal` (the iframe layout) shows the
 * provider's HTML banner as the iframe banner modal instead of a strip.
 */
export function Banners({ htmlAsModal = false }: { htmlAsModal?: boolean }) {
  const { t } = useTranslation();
  const { application, radiology } = usePortalConfig();
  const message = radiology.bannerMessage;
  const [closed, setClosed] = useState(() => radiology.closeBanner || wasClosed(message));
  const showHtml = message.trim() !== '' && !closed;
  if (application.production && !application.readOnly && !showHtml) return null;

  const close = () => {
    setClosed(true);
    // A cookie, not storage: the server's prerendered home reads it too (see closedBannerCookieName).
    writeCookie(closedBannerCookieName, bannerFingerprint(message));
  };

  return (
    <section aria-label={t('message.banner_label')}>
      <EnvironmentBanner />
      <ReadOnlyBanner />
      {showHtml && htmlAsModal ? (
        <Suspense fallback={null}>
          <IframeBannerModal message={message} onClose={close} />
        </Suspense>
      ) : showHtml ? (
        <HtmlBanner message={message} onClose={close} />
      ) : null}
    </section>
  );
}

/** Outside production: which profiles are active, so nobody mistakes a test system for live. */
function EnvironmentBanner() {
  const { t } = useTranslation();
  const { application } = usePortalConfig();
  if (application.production) return null;
  return (
    <div className={`${styles.banner} ${styles.environment}`}>
      <p className={styles.text}>
        {t('message.environment_banner', { profiles: application.activeProfiles.join(', ') })}
      </p>
    </div>
  );
}

function ReadOnlyBanner() {
  const { t } = useTranslation();
  const { application } = usePortalConfig();
  if (!application.readOnly) return null;
  return (
    <div className={`${styles.banner} ${styles.warning}`}>
      <p className={styles.text}>{t('message.access_read_only')}</p>
    </div>
  );
}

function wasClosed(message: string): boolean {
  return readCookie(closedBannerCookieName) === bannerFingerprint(message);
}

/**
 * The provider's HTML banner (docs/product/shell-and-configuration.md#shell-layout): sanitized,
 * placed by bannerPositionCss, shown while bannerMessage is set and the banner is not closed.
 * Closing lasts for the browser session and for this message only; a new message shows again.
 */
function HtmlBanner({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { radiology } = usePortalConfig();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // cssText lets the browser parse the declarations: config cannot add selectors or markup.
    if (ref.current) ref.current.style.cssText = radiology.bannerPositionCss;
  }, [radiology.bannerPositionCss]);

  return (
    <div ref={ref} className={`${styles.banner} ${styles.html}`}>
      <div className={styles.htmlInner}>
        <SanitizedHtml className={styles.text} html={message} />
        <button type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('action.dismiss_banner')}</span>
        </button>
      </div>
    </div>
  );
}
