import { closedBannerCookieName } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMocks } from 'react-idle-timer';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from '../../../lib/config.tsx';
import { readCookie, writeCookie } from '../../../lib/cookies.ts';
import { makeConfig } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import { KioskIdleGate } from './kiosk-idle-gate.tsx';
import { KioskIdleWatcher, loadInactivityModal } from './kiosk-idle-watcher.tsx';

const logoutPath = '/api/authentication/logout';
const noActivitySeconds = 30;

function setup(path = '/booking?kioskMode=true', { lazyGate = false } = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient();
  queryClient.setQueryData(['config', 'application'], { kept: true });
  queryClient.setQueryData(['booking', 'patient'], { firstName: 'Ana' });
  sessionStorage.setItem('booking.key', 'key-of-the-last-patient');
  writeCookie(closedBannerCookieName, 'banner-the-last-patient-closed');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            {lazyGate ? <KioskIdleGate /> : <KioskIdleWatcher />}
          </>
        ),
        children: [
          { path: 'booking', element: <h1>Booking</h1> },
          { path: 'kiosk', element: <h1>Kiosk start</h1> },
          {
            path: 'plain',
            element: <Link to="/booking?kioskMode=true">back to kiosk mode</Link>,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        config={makeConfig({ application: { kioskNoActivitySeconds: noActivitySeconds } })}
      >
        <I18nextProvider i18n={testI18n()}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  const logoutCalls = () =>
    fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]) === logoutPath);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, queryClient, fetchMock, logoutCalls, location };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.queryByRole('alertdialog');
// A click without pointer events first (as a screen reader or a keyboard Enter sends it);
// user-event's pointer sequence does not run under fake timers here.
const press = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  await advance(0);
};

// The modal's chunk loads when the countdown starts; in a browser it comes from the portal in
// milliseconds, but here its first import is transformed in real time, which fake timers never
// let pass. Loaded once beforehand, as the browser would have it in time.
beforeAll(async () => {
  await loadInactivityModal();
});

beforeEach(() => {
  vi.useFakeTimers();
  // react-idle-timer keeps the timer functions it found at import; hand it the fake ones.
  createMocks();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('KioskIdleWatcher', () => {
  it('shows the countdown modal after kioskNoActivitySeconds, focused on Cancel', async () => {
    setup();
    await advance(noActivitySeconds * 1000 - 200);
    expect(dialog()).not.toBeInTheDocument();

    await advance(400);
    const modal = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(modal).toHaveAccessibleDescription(/Seconds left: 10\./);
    // After a click without pointer events (any earlier test's, in this worker's shared jsdom),
    // react-aria moves the focus a frame later (focusSafely after transitions), as a browser does.
    await advance(50);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Home' })).toBeInTheDocument();

    await advance(3000);
    expect(modal).toHaveTextContent('Seconds left: 7.');
  });

  it('announces the countdown politely, not every second', async () => {
    setup();
    await advance(noActivitySeconds * 1000 + 100);
    const live = screen.getByRole('alertdialog').querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('');
    await advance(4000);
    expect(live).toHaveTextContent('');
    await advance(1000);
    expect(live).toHaveTextContent('Seconds left: 5.');
    await advance(1000);
    expect(live).toHaveTextContent('');
  });

  it('Cancel keeps the session and starts watching again', async () => {
    const { logoutCalls, location } = setup();
    await advance(noActivitySeconds * 1000 + 100);
    await press('Cancel');
    expect(dialog()).not.toBeInTheDocument();

    await advance(noActivitySeconds * 1000 - 500);
    expect(dialog()).not.toBeInTheDocument();
    expect(logoutCalls()).toHaveLength(0);
    expect(location()).toBe('/booking?kioskMode=true');

    await advance(1000);
    expect(dialog()).toBeInTheDocument();
  });

  it('Escape keeps the session too', async () => {
    const { logoutCalls } = setup();
    await advance(noActivitySeconds * 1000 + 100);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await advance(0);
    expect(dialog()).not.toBeInTheDocument();
    await advance(10_000);
    expect(logoutCalls()).toHaveLength(0);
  });

  it('Home logs out, forgets the session and returns to the kiosk start, watching again', async () => {
    const { logoutCalls, location, queryClient } = setup();
    await advance(noActivitySeconds * 1000 + 100);
    await press('Home');
    await advance(0);

    expect(logoutCalls()).toHaveLength(1);
    expect(logoutCalls()[0]?.[1]).toMatchObject({ method: 'POST' });
    expect(location()).toBe('/kiosk?kioskMode=true');
    expect(screen.getByRole('heading', { name: 'Kiosk start' })).toBeInTheDocument();
    expect(dialog()).not.toBeInTheDocument();
    expect(sessionStorage.getItem('booking.key')).toBeNull();
    expect(readCookie(closedBannerCookieName)).toBeNull(); // The next person sees the banner.
    expect(queryClient.getQueryData(['booking', 'patient'])).toBeUndefined();
    expect(queryClient.getQueryData(['config', 'application'])).toEqual({ kept: true });

    await advance(noActivitySeconds * 1000 + 100);
    expect(dialog()).toBeInTheDocument();
  });

  it('logs out and returns to /kiosk?kioskMode=true when the countdown ends', async () => {
    const { logoutCalls, location } = setup();
    await advance(noActivitySeconds * 1000 + 100);
    await advance(9000);
    expect(logoutCalls()).toHaveLength(0);
    expect(location()).toBe('/booking?kioskMode=true');

    await advance(1000);
    expect(logoutCalls()).toHaveLength(1);
    expect(location()).toBe('/kiosk?kioskMode=true');
    expect(dialog()).not.toBeInTheDocument();
    expect(sessionStorage.getItem('booking.key')).toBeNull();

    // Watching starts again on the kiosk start.
    await advance(noActivitySeconds * 1000 + 100);
    expect(dialog()).toBeInTheDocument();
  });

  it('activity outside the modal dismisses it', async () => {
    const { logoutCalls, location } = setup();
    await advance(noActivitySeconds * 1000 + 100);
    expect(dialog()).toBeInTheDocument();

    fireEvent.mouseMove(document.body);
    await advance(0);
    expect(dialog()).not.toBeInTheDocument();
    await advance(10_000);
    expect(logoutCalls()).toHaveLength(0);
    expect(location()).toBe('/booking?kioskMode=true');
  });

  it('a touch on the modal itself is left to its buttons', async () => {
    setup();
    await advance(noActivitySeconds * 1000 + 100);
    fireEvent.touchStart(screen.getByRole('alertdialog'));
    await advance(0);
    expect(dialog()).toBeInTheDocument();
  });

  it.each([
    ['mouse move', () => fireEvent.mouseMove(document.body)],
    ['key down', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['scroll', () => fireEvent.scroll(document)],
    ['touch', () => fireEvent.touchStart(document.body)],
    ['mouse down', () => fireEvent.mouseDown(document.body)],
    ['wheel', () => fireEvent.wheel(document.body)],
    ['storage change from another tab', () => fireEvent(window, new StorageEvent('storage'))],
  ])('%s postpones the warning', async (_name, activity) => {
    setup();
    await advance(20_000);
    activity();
    await advance(20_000);
    expect(dialog()).not.toBeInTheDocument();
    await advance(10_100);
    expect(dialog()).toBeInTheDocument();
  });

  it('counts activity at most every 500 ms', async () => {
    setup();
    await advance(20_000);
    fireEvent.mouseMove(document.body);
    await advance(100);
    // Inside the throttle window: this move is not counted, so the timer runs from the first.
    fireEvent.mouseMove(document.body);
    await advance(noActivitySeconds * 1000 - 50);
    expect(dialog()).toBeInTheDocument();
  });
});

describe('KioskIdleGate', () => {
  it('watches only while kioskMode is true', async () => {
    const { router } = setup('/booking?kioskMode=true', { lazyGate: true });
    // The watcher's chunk loads first; the warning then comes within the configured time.
    for (let second = 0; second <= noActivitySeconds + 5 && !dialog(); second += 1) {
      await advance(1000);
    }
    expect(dialog()).toBeInTheDocument();
    await press('Cancel');

    await act(() => router.navigate('/plain'));
    await advance((noActivitySeconds + 20) * 1000);
    expect(dialog()).not.toBeInTheDocument();
  });
});
