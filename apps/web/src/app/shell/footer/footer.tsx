import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { SmartLink } from '../../../components/ui/smart-link.tsx';
import { TrackingPreferences } from '../../../features/analytics/index.ts';
import { useClock } from '../../../lib/clock.tsx';
import { usePortalConfig } from '../../../lib/config.tsx';
import { useIsMobile } from '../../../lib/media-query.ts';
import { useShellMode } from '../../../lib/shell-mode.ts';
import { useNavLinks } from '../nav-links.ts';
import styles from './footer.module.css';

/**
 * The footer (docs/product/shell-and-configuration.md#shell-layout): links (not in kiosk mode),
 * copyright with the long name and current year, optional version and powered-by lines; hidden in
 * advanced booking; the provider's own footer HTML instead when showCustomHeaderAndFooter is on.
 *
 * On phones, 390 px included, only the copyright line shows (the menu carries the links).
 */
export function Footer() {
  const { t } = useTranslation();
  const { application, radiology } = usePortalConfig();
  const mode = useShellMode();
  const isMobile = useIsMobile();
  const clock = useClock();
  const links = useNavLinks({ externalHome: true });

  if (mode.advancedBooking) return null;
  const copyright = (
    <p className={styles.copyright}>
      {t('footer.copyright', { year: clock().getFullYear(), longName: radiology.longName })}
    </p>
  );

  if (isMobile) {
    return (
      <footer className={styles.footer}>
        <div className={styles.inner}>
          {copyright}
          <TrackingPreferences className={styles.linkButton} />
        </div>
      </footer>
    );
  }

  if (radiology.showCustomHeaderAndFooter) {
    return (
      <footer className={styles.footer}>
        <SanitizedHtml className={styles.inner} html={radiology.customFooter} />
        <div className={styles.inner}>
          <TrackingPreferences className={styles.linkButton} />
        </div>
      </footer>
    );
  }

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {mode.kioskMode ? null : (
          <nav aria-label={t('nav.footer')}>
            <ul className={styles.links}>
              {links.map((item) => (
                <li key={item.id}>
                  <SmartLink className={styles.link} href={item.href} external={item.external}>
                    {t(item.labelKey)}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className={styles.meta}>
          {copyright}
          {application.versionOnPatientPortalEnabled ? (
            <p>{t('footer.version', { version: application.version })}</p>
          ) : null}
          {radiology.poweredByEnabled ? <p>{t('footer.powered_by')}</p> : null}
          <TrackingPreferences className={styles.linkButton} />
        </div>
      </div>
    </footer>
  );
}
