import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, createAppRouterInSteps } from './router.tsx';

const pathOf = (route: RouteObject) => route.path ?? (route.index ? 'index' : '(pathless)');

const paths = [
  '/',
  '/kiosk',
  '/advanced-booking',
  '/advanced-booking/select-clinic',
  '/select-clinic',
  '/appointments/abc',
  '/appointments/abc/result',
  '/appointments/pending/abc',
  '/a/abc/kiosk',
  '/br/abc',
  '/referrer/report-feedback/faq',
  '/iframe-test',
  '/no-such-page',
];
const everyPath = [
  ...paths,
  ...paths.map((path) => `/iframe${path === '/' ? '' : path}`),
  '/iframe/',
  '/iframes',
];

/** What a match is made of, without the generated route ids. */
const describeMatch = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map((match) => ({
    path: match.route.path,
    index: match.route.index ?? false,
    params: match.params,
    pathname: match.pathname,
  }));

describe('createAppRouterInSteps', () => {
  it.each(['/', '/iframe', '/iframe/select-clinic', '/booking'])(
    'opened at %s, matches the location at once and every path like appRoutes() once complete',
    (start) => {
      window.history.replaceState(null, '', start);
      const { router, complete } = createAppRouterInSteps(start);
      expect(router.state.matches.map((match) => pathOf(match.route))).toEqual(
        matchRoutes(appRoutes(), start)?.map((match) => pathOf(match.route)),
      );
      expect(describeMatch(router.routes as RouteObject[], start)).toEqual(
        describeMatch(appRoutes(), start),
      );
      complete();
      for (const pathname of everyPath) {
        expect(describeMatch(router.routes as RouteObject[], pathname), pathname).toEqual(
          describeMatch(appRoutes(), pathname),
        );
      }
      router.dispose();
    },
  );

  it('navigates to a route of the half added by complete()', async () => {
    window.history.replaceState(null, '', '/');
    const { router, complete } = createAppRouterInSteps('/');
    complete();
    await router.navigate('/iframe/advanced-booking');
    expect(router.state.location.pathname).toBe('/iframe/advanced-booking');
    expect(router.state.matches.map((match) => pathOf(match.route))).toEqual([
      'iframe',
      '(pathless)',
      'advanced-booking',
    ]);
    router.dispose();
  });
});
