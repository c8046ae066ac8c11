import { act, fireEvent, render } from '@testing-library/react';
import { createMocks } from 'react-idle-timer';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from '../../../lib/config.tsx';
import { makeConfig } from '../../../testing/fixtures.ts';
import { KeepaliveGate } from './keepalive-gate.tsx';

const pingUrl = 'https://sessions.example.test/keepalive';

function setup(application: { keepaliveUrl?: string | null; keepaliveSeconds?: number }) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const view = render(
    <ConfigProvider config={makeConfig({ application })}>
      <KeepaliveGate />
    </ConfigProvider>,
  );
  const pings = () => fetchMock.mock.calls.filter((call) => String(call[0]) === pingUrl);
  return { fetchMock, pings, view };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const seconds = (s: number) => advance(s * 1000);
const activity = () => fireEvent.mouseMove(document, { clientX: 10, clientY: 20 });

// The pinger's chunk: in a browser it arrives in milliseconds; here its first import is
// transformed in real time, which fake timers never let pass. Loaded once beforehand, through
// the gate's lazy component, as the browser would have it before the patient's first action.
beforeAll(async () => {
  vi.stubGlobal('fetch', vi.fn());
  const view = render(
    <ConfigProvider config={makeConfig({ application: { keepaliveUrl: pingUrl } })}>
      <KeepaliveGate />
    </ConfigProvider>,
  );
  await act(async () => {
    await import('./keepalive-pinger.tsx');
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  view.unmount();
  vi.unstubAllGlobals();
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

describe('keepalive (docs/product/shell-and-configuration.md#keepalive)', () => {
  it('an active patient: one GET per interval, 600 s by default, none before the first', async () => {
    const { pings } = setup({ keepaliveUrl: pingUrl });
    await seconds(1);
    activity();
    await seconds(598);
    expect(pings()).toHaveLength(0);
    await seconds(1);
    expect(pings()).toHaveLength(1);
    expect(pings()[0]?.[1]).toMatchObject({
      method: 'GET',
      credentials: 'include',
      mode: 'no-cors',
      cache: 'no-store',
    });

    // Active through the next interval too: the next ping at 1200 s.
    await seconds(300);
    activity();
    await seconds(299);
    expect(pings()).toHaveLength(1);
    await seconds(1);
    expect(pings()).toHaveLength(2);
  });

  it('many actions in one interval still make one ping', async () => {
    const { pings } = setup({ keepaliveUrl: pingUrl, keepaliveSeconds: 60 });
    await seconds(1);
    for (let i = 0; i < 20; i += 1) {
      activity();
      fireEvent.keyDown(document, { key: 'a' });
      await seconds(2);
    }
    await seconds(19);
    expect(pings()).toHaveLength(1);
  });

  it('an idle patient: no ping at all, and none after activity stops', async () => {
    const { pings } = setup({ keepaliveUrl: pingUrl, keepaliveSeconds: 60 });
    await seconds(60 * 10);
    expect(pings()).toHaveLength(0);

    await seconds(5);
    activity();
    await seconds(55);
    expect(pings()).toHaveLength(1);
    // Left alone after that (an abandoned kiosk): nothing more, so its session can expire.
    await seconds(60 * 20);
    expect(pings()).toHaveLength(1);
  });

  it('touch, scroll and wheel count as activity too', async () => {
    const { pings } = setup({ keepaliveUrl: pingUrl, keepaliveSeconds: 60 });
    await seconds(1);
    fireEvent.touchStart(document);
    await seconds(59);
    expect(pings()).toHaveLength(1);
    fireEvent.scroll(document);
    await seconds(60);
    expect(pings()).toHaveLength(2);
    fireEvent.wheel(document);
    await seconds(60);
    expect(pings()).toHaveLength(3);
  });

  it('unset or blank keepaliveUrl: nothing is sent, however active the patient', async () => {
    for (const keepaliveUrl of [null, '', '   ']) {
      const { fetchMock, view } = setup({ keepaliveUrl, keepaliveSeconds: 30 });
      for (let i = 0; i < 10; i += 1) {
        activity();
        await seconds(30);
      }
      expect(fetchMock).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('a failed ping is dropped and the next interval pings again', async () => {
    const { fetchMock, pings } = setup({ keepaliveUrl: pingUrl, keepaliveSeconds: 60 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await seconds(1);
    activity();
    await seconds(59);
    expect(pings()).toHaveLength(1);
    activity();
    await seconds(60);
    expect(pings()).toHaveLength(2);
  });

  it('stops with the shell', async () => {
    const { pings, view } = setup({ keepaliveUrl: pingUrl, keepaliveSeconds: 60 });
    await seconds(1);
    activity();
    view.unmount();
    activity();
    await seconds(600);
    expect(pings()).toHaveLength(0);
  });
});
