import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/ui/status.tsx';
import { prefetchUser } from '../features/account/index.ts';
import { authenticationRoute } from '../features/authentication/index.ts';
import { bookingRoutes, type LoadedBookingHome } from '../features/booking/index.ts';
import { clinicMapRoute } from '../features/clinic-map/index.ts';
import { denyRoute } from '../features/deny/index.ts';
import { emailPreviewRoute } from '../features/email-preview/index.ts';
import { iframeTestRoute } from '../features/iframe-test/index.ts';
import { imageViewerRoutes } from '../features/image-viewer/index.ts';
import { kioskCheckInRoute, kioskRoute } from '../features/kiosk/index.ts';
import {
  patientPortalRoutes,
  resultsPagePrefetches,
  summaryPagePrefetches,
} from '../features/patient-portal/index.ts';
import { questionnairesRoute } from '../features/questionnaires/index.ts';
import { reportFeedbackRoutes } from '../features/report-feedback/index.ts';
import { ssoRoutes } from '../features/sso/index.ts';
import { staticPageRoutes } from '../features/static-pages/index.ts';
import { isIframePath } from '../lib/shell-mode.ts';
import type { PrefetchHandle, PrefetchStart } from './route-prefetch.ts';
import type { RouteHandle } from './routes/coming-soon-page.tsx';
import { RouteError } from './routes/route-error.tsx';
import { IframeLayout, ShellLayout } from './shell/layouts.tsx';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * The booking home's route: its component and its start-up requests when app/boot.ts loaded
 * it before the router (the app opened on the home), else the page loaded on first visit like
 * every other page (its requests are then the page's own, from its hooks).
 */
export interface HomeRoute {
  route: Pick<RouteObject, 'Component' | 'lazy'>;
  prefetch: readonly PrefetchStart[];
}
const lazyHome: HomeRoute = { route: { lazy: bookingRoutes.home }, prefetch: [] };

/** The home's route from its loaded module. */
export const loadedHome = (home: LoadedBookingHome): HomeRoute => ({
  route: { Component: home.BookingHomePage },
  prefetch: home.bookingHomePrefetches,
});

/** The paths the booking home answers (in both shells): where app/boot.ts loads it first. */
export function isBookingHomePath(pathname: string): boolean {
  return /^(?:\/iframe)?(?:\/advanced-booking)?\/?$/.test(pathname);
}

const comingSoon: Lazy = async () => ({
  Component: (await import('./routes/coming-soon-page.tsx')).ComingSoonPage,
});
const notFound: Lazy = async () => ({
  Component: (await import('./routes/not-found-page.tsx')).NotFoundPage,
});

// The home's data starts before the first render (app/boot.ts); in the full shell the header's
// user check too (the embeddable shell has no header).
const embeddedHome = (home: HomeRoute): PrefetchHandle => ({ prefetch: home.prefetch });
const shellHome = (home: HomeRoute): PrefetchHandle => ({
  prefetch: [...home.prefetch, prefetchUser],
});
// The appointment and booking request pages: the session check and summary start while the
// page's chunk loads, instead of one after the other behind it.
const summaryPage = { prefetch: summaryPagePrefetches } satisfies PrefetchHandle;
const resultsPage = { prefetch: resultsPagePrefetches } satisfies PrefetchHandle;

/** A page a later issue fills: registered now, showing a titled "coming soon" placeholder. */
const later = (path: string, titleKey: string): RouteObject => ({
  path,
  lazy: comingSoon,
  handle: { titleKey } satisfies RouteHandle,
});

/**
 * Every route of the route tables (docs/product/shell-and-configuration.md#routes and
 * docs/product/booking.md#flow-and-routes). They are registered twice:
 * in the full shell and under iframe/ in the embeddable shell.
 */
export function pageRoutes(homeHandle: PrefetchHandle, home: HomeRoute = lazyHome): RouteObject[] {
  return [
    { index: true, ...home.route, handle: homeHandle },
    { path: 'kiosk', lazy: kioskRoute },
    { path: 'check-in', lazy: kioskCheckInRoute, handle: { titleKey: 'page.check_in.title' } },
    { path: 'authentication', lazy: authenticationRoute },
    { path: 'deny', lazy: denyRoute },
    { path: 'questionnaires', lazy: questionnairesRoute },
    { path: 'q', lazy: questionnairesRoute },
    {
      path: 'appointments/:bookingKey',
      lazy: patientPortalRoutes.appointment,
      handle: summaryPage,
    },
    {
      path: 'appointments/pending/:bookingKey',
      lazy: patientPortalRoutes.appointment,
      handle: summaryPage,
    },
    {
      path: 'appointments/:bookingKey/kiosk',
      lazy: patientPortalRoutes.appointment,
      handle: summaryPage,
    },
    {
      path: 'appointments/:bookingKey/reschedule/:appointmentId',
      lazy: patientPortalRoutes.reschedule,
    },
    { path: 'a/:bookingKey', lazy: patientPortalRoutes.appointment, handle: summaryPage },
    {
      path: 'appointments/:bookingKey/result',
      lazy: patientPortalRoutes.results,
      handle: resultsPage,
    },
    { path: 'a/:bookingKey/result', lazy: patientPortalRoutes.results, handle: resultsPage },
    { path: 'appointments/:bookingKey/result/patient', lazy: patientPortalRoutes.resultsHistory },
    { path: 'a/:bookingKey/result/patient', lazy: patientPortalRoutes.resultsHistory },
    { path: 'appointment-links/:token', lazy: patientPortalRoutes.appointmentLink },
    {
      path: 'booking-requests/:bookingKey',
      lazy: patientPortalRoutes.bookingRequest,
      handle: summaryPage,
    },
    { path: 'br/:bookingKey', lazy: patientPortalRoutes.bookingRequest, handle: summaryPage },
    // The patient portal's other pages (check-in, ...) come with later issues.
    later('appointments/*', 'page.appointments.title'),
    later('a/*', 'page.appointments.title'),
    later('booking-requests/*', 'page.booking_requests.title'),
    later('br/*', 'page.booking_requests.title'),
    { path: 'referrer-access', lazy: imageViewerRoutes.referrerAccess },
    { path: 'referrer/report-feedback', lazy: reportFeedbackRoutes.feedback },
    { path: 'referrer/report-feedback/faq', lazy: reportFeedbackRoutes.faq },
    { path: 'referrer/quick-report', lazy: imageViewerRoutes.quickReport },
    { path: 'referrer-report', lazy: imageViewerRoutes.report },
    {
      path: 'image-viewer-access',
      lazy: ssoRoutes.imageViewerAccess,
      handle: { titleKey: 'page.image_viewer_access.title' },
    },
    { path: 'sso/silent-callback', lazy: ssoRoutes.silentCallback },
    { path: 'sso/popup-callback', lazy: ssoRoutes.popupCallback },
    { path: 'about', lazy: staticPageRoutes.about },
    { path: 'contact', lazy: staticPageRoutes.contact },
    { path: 'terms', lazy: staticPageRoutes.terms },
    { path: 'privacy', lazy: staticPageRoutes.privacy },
    { path: 'iframe-test', lazy: iframeTestRoute },
    { path: 'preview-email', lazy: emailPreviewRoute },
    { path: 'advanced-booking', ...home.route, handle: homeHandle },
    { path: 'advanced-booking/select-clinic', lazy: bookingRoutes.selectClinic },
    { path: 'advanced-booking/booking', lazy: bookingRoutes.booking },
    { path: 'select-clinic', lazy: bookingRoutes.selectClinic },
    { path: 'booking', lazy: bookingRoutes.booking },
    { path: 'select-region', lazy: clinicMapRoute },
    later('unsubscribe', 'page.unsubscribe.title'),
    { path: '*', lazy: notFound },
  ];
}

/**
 * The pages, wrapped in a pathless route that keeps the shell around a failed page and shows
 * an inline loader in the content area while the first page's code loads.
 */
const content = (homeHandle: PrefetchHandle, home: HomeRoute): RouteObject => ({
  errorElement: <RouteError />,
  hydrateFallbackElement: <Loading />,
  children: pageRoutes(homeHandle, home),
});

/** The embeddable shell: every page under iframe/, without header and footer. */
const iframeRoutes = (home: HomeRoute): RouteObject => ({
  path: 'iframe',
  element: <IframeLayout />,
  errorElement: <RouteError />,
  children: [content(embeddedHome(home), home)],
});

/** The full shell: banners, header, the pages and the footer. */
const shellRoutes = (home: HomeRoute): RouteObject => ({
  path: '/',
  element: <ShellLayout />,
  errorElement: <RouteError />,
  children: [content(shellHome(home), home)],
});

export function appRoutes(home: HomeRoute = lazyHome): RouteObject[] {
  return [iframeRoutes(home), shellRoutes(home)];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRoutes());
}

/**
 * The router in two steps, for app/boot.ts to run in tasks of their own: `router` knows only
 * the half of the routes the page was opened in (the full shell, or the embeddable one under
 * /iframe), so creating it ranks and matches half the routes; `complete()` adds the other half
 * (ranked, not matched) before the first render, so the app ends with the same routes as
 * createAppRouter(). Building both halves at once, then matching the location against them,
 * took one task of 41-116 ms on Lighthouse's 4x slower mobile CPU (TBT, the booking home's speed
 * budget in docs/benchmarks.md; decision 013).
 */
export function createAppRouterInSteps(
  pathname: string,
  home: HomeRoute = lazyHome,
): {
  router: AppRouter;
  complete: () => void;
} {
  const embedded = isIframePath(pathname);
  const router = createBrowserRouter([embedded ? iframeRoutes(home) : shellRoutes(home)]);
  return {
    router,
    complete: () => router.patchRoutes(null, [embedded ? shellRoutes(home) : iframeRoutes(home)]),
  };
}
