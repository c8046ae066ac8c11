import { useTranslation } from 'react-i18next';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { useShellMode } from '../../../lib/shell-mode.ts';
import styles from './header.module.css';

/** Whether the admin panel may be linked: never in kiosk mode or when the config turns it off. */
export function useAdminLinkAllowed(): boolean {
  const application = useApplicationConfig();
  const { kioskMode } = useShellMode();
  return application.showLinkToAdminPanel && !kioskMode;
}

/** The login icon linking to the admin panel (desktop header, anonymous visitor). */
export function LoginLink() {
  const { t } = useTranslation();
  const application = useApplicationConfig();
  if (!useAdminLinkAllowed()) return null;
  return (
    <a className={styles.iconLink} href={application.adminPanelUrl}>
      <PersonIcon />
      <span className="visually-hidden">{t('action.login')}</span>
    </a>
  );
}

export function PersonIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
      <path
        fill="currentColor"
        d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v1a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-1c0-2.8-3.6-5-8-5Z"
      />
    </svg>
  );
}
