import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { useUser } from '../../../features/account/index.ts';
import { useBookingInfo } from '../../../lib/booking-info.tsx';
import { usePortalConfig } from '../../../lib/config.tsx';
import { useHeaderActionsPlace } from '../../../lib/header-actions.tsx';
import { useIsMobile } from '../../../lib/media-query.ts';
import { useShellMode } from '../../../lib/shell-mode.ts';
import { isConfirmationPage, isHomePage } from '../page-kinds.ts';
import styles from './header.module.css';
import { HeaderLogo } from './header-logo.tsx';
import { LoginLink } from './login-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';

// The dropdown (react-aria Menu) is only needed for a signed-in staff member: load it then.
const UserMenu = lazy(() => import('./user-menu.tsx'));

export function Header() {
  const isMobile = useIsMobile();
  const { radiology } = usePortalConfig();
  const mode = useShellMode();
  const showMenu = radiology.showMenuOnConfirmationPage || !isConfirmationPage(mode.firstSegment);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <HeaderLogo />
        {showMenu ? isMobile ? <MobileMenu /> : <DesktopActions /> : null}
        {/* The page's own controls (View referral) are not menu items: shown with or without the
            menu; on a phone on a row of their own under the logo and menu. */}
        {isMobile || !showMenu ? <PageActions /> : null}
      </div>
    </header>
  );
}

/** Where the page below offers its controls (lib/header-actions.tsx); no box of its own. */
function PageActions() {
  return <span ref={useHeaderActionsPlace()} className={styles.pageActions} />;
}

function DesktopActions() {
  const { t } = useTranslation();
  const { radiology } = usePortalConfig();
  const mode = useShellMode();
  const user = useUser();
  const bookingInfo = useBookingInfo();
  const showBookingInfo = isHomePage(mode.firstSegment) && bookingInfo && !bookingInfo.hasExam;
  const doctor = user && !user.organization ? user.currentDoctor : null;

  return (
    <div className={styles.actions}>
      {radiology.customHeaderMessage ? (
        <SanitizedHtml className={styles.customMessage} html={radiology.customHeaderMessage} />
      ) : null}
      {showBookingInfo ? (
        <button type="button" className={styles.secondaryButton} onClick={bookingInfo.open}>
          {t('action.booking_info')}
        </button>
      ) : null}
      <PageActions />
      {doctor ? (
        <span className={styles.doctor}>
          {t('header.doctor', { firstName: doctor.firstName, lastName: doctor.lastName })}
        </span>
      ) : null}
      {user ? (
        <Suspense fallback={<span className={styles.doctor}>{user.username}</span>}>
          <UserMenu user={user} />
        </Suspense>
      ) : user === null ? (
        <LoginLink />
      ) : null}
    </div>
  );
}
