import type { User } from '@portal/contract';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../../features/account/index.ts';
import { useApplicationConfig } from '../../../lib/config.tsx';
import styles from './header.module.css';
import { PersonIcon, useAdminLinkAllowed } from './login-link.tsx';

/** The signed-in staff member's dropdown: username, admin link, logout. */
export default function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const application = useApplicationConfig();
  const logout = useLogout();
  const adminAllowed = useAdminLinkAllowed();

  return (
    <MenuTrigger>
      <Button
        className={styles.userButton}
        aria-label={t('header.user_menu', { username: user.username })}
      >
        <PersonIcon />
        <span>{user.username}</span>
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu}>
          <MenuSection>
            <Header className={styles.menuHeader}>
              {t('header.signed_in_as', { username: user.username })}
            </Header>
            {adminAllowed ? (
              <MenuItem className={styles.menuItem} href={application.adminPanelUrl}>
                {t('action.admin')}
              </MenuItem>
            ) : null}
            <MenuItem className={styles.menuItem} onAction={logout}>
              {t('action.logout')}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
