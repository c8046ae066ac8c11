import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SmartLink } from '../../../components/ui/smart-link.tsx';
import { useLogout, useUser } from '../../../features/account/index.ts';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { useNavLinks } from '../nav-links.ts';
import styles from './header.module.css';
import { useAdminLinkAllowed } from './login-link.tsx';

/**
 * The phone header's collapsible menu (docs/product/shell-and-configuration.md#shell-layout):
 * Login, Home, About, Contact, Terms, Privacy. A plain WAI-ARIA disclosure (button with
 * aria-expanded controlling a region): react-aria's Disclosure would add ~50 kB gzip to the first
 * page load for the same behaviour.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const panelId = useId();
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  const links = useNavLinks();
  const application = useApplicationConfig();
  const adminAllowed = useAdminLinkAllowed();
  const user = useUser();
  const logout = useLogout();
  const close = () => setExpanded(false);

  // A new page closes the menu, so the page content is what the patient sees next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setExpanded(false), [pathname]);

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((open) => !open)}
      >
        <span className={styles.menuIcon} aria-hidden="true" data-open={expanded || undefined} />
        {t('action.menu')}
      </button>
      <div id={panelId} className={styles.panel} hidden={!expanded}>
        <nav aria-label={t('nav.main')}>
          <ul className={styles.mobileList}>
            {adminAllowed ? (
              <li>
                <a className={styles.mobileLink} href={application.adminPanelUrl}>
                  {user ? t('action.admin') : t('action.login')}
                </a>
              </li>
            ) : null}
            {links.map((item) => (
              <li key={item.id}>
                <SmartLink
                  className={styles.mobileLink}
                  href={item.href}
                  external={item.external}
                  onClick={close}
                >
                  {t(item.labelKey)}
                </SmartLink>
              </li>
            ))}
            {user ? (
              <li>
                <button
                  type="button"
                  className={styles.mobileLink}
                  onClick={() => {
                    logout();
                    close();
                  }}
                >
                  {t('action.logout')}
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </>
  );
}
