import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { RoleTranslations } from '../../features/account/index.ts';
import { Tracking } from '../../features/analytics/index.ts';
import { ChatGate } from '../../features/chat/index.ts';
import { useFrameHost } from '../../features/embedding/index.ts';
import { KioskIdleGate } from '../../features/kiosk/index.ts';
import { BookingInfoHost } from '../../lib/booking-info.tsx';
import { HeaderActionsHost } from '../../lib/header-actions.tsx';
import { AfterFirstInput } from './after-first-input.tsx';
import { Banners } from './banners/banners.tsx';
import { Footer } from './footer/footer.tsx';
import { Header } from './header/header.tsx';
import styles from './layouts.module.css';
import { NavigationIndicator } from './navigation-indicator.tsx';

export const mainContentId = 'main-content';

const ShellServices = lazy(async () => ({
  default: (await import('./shell-services.tsx')).ShellServices,
}));

/** The keepalive and the navigation's cancelling, from the first input (shell-services.tsx). */
function LaterServices() {
  return (
    <AfterFirstInput>
      <Suspense fallback={null}>
        <ShellServices />
      </Suspense>
    </AfterFirstInput>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={styles.skipLink} href={`#${mainContentId}`}>
      {t('action.skip_to_content')}
    </a>
  );
}

/**
 * Moves focus to the main content after an in-app navigation, so keyboard and screen-reader
 * users start on the new page instead of wherever the old one left them.
 */
function MainContent() {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page (pathname).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <main ref={ref} id={mainContentId} tabIndex={-1} className={styles.main}>
      <div className={styles.container}>
        <Outlet />
      </div>
    </main>
  );
}

/** docs/product/shell-and-configuration.md#shell-layout: banners, header, content, footer. */
export function ShellLayout() {
  return (
    <div className={`${styles.shell} ${styles.withFooter}`}>
      <SkipLink />
      <NavigationIndicator />
      <Banners />
      <BookingInfoHost>
        <HeaderActionsHost>
          <Header />
          <MainContent />
        </HeaderActionsHost>
      </BookingInfoHost>
      <Footer />
      <Tracking />
      <RoleTranslations />
      <KioskIdleGate />
      <LaterServices />
      {/* Not in the iframe: a fixed launcher inside a frame as tall as its content would sit at its foot. */}
      <ChatGate />
      <ScrollRestoration />
    </div>
  );
}

/**
 * The embeddable variant under /iframe/...: banners and content only, as tall as its content,
 * which it reports to the embedding page (features/embedding).
 */
export function IframeLayout() {
  const shell = useRef<HTMLDivElement>(null);
  useFrameHost(shell);
  return (
    // data-iframe-shell: modals size themselves to a frame (components/ui/modal.module.css).
    <div ref={shell} className={`${styles.shell} ${styles.iframeShell}`} data-iframe-shell="">
      <SkipLink />
      <NavigationIndicator />
      <Banners htmlAsModal />
      <Tracking />
      <MainContent />
      <RoleTranslations />
      <KioskIdleGate />
      <LaterServices />
    </div>
  );
}
