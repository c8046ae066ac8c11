import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatSession } from './chat-session.ts';
import type { ChatContext, PortalChatWidget } from './widget-contract.ts';

const context: ChatContext = { locale: 'en-AU', page: '/', bookingRequest: null };
const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });

/** A widget whose uploads take `uploadMs` each; `log` records each call with the fake time. */
function fakeWidget(uploadMs = 0) {
  const log: string[] = [];
  const at = () => `${Date.now()}`;
  const widget: PortalChatWidget = {
    open: vi.fn(() => void log.push(`open@${at()}`)),
    startConversation: vi.fn(() => void log.push(`conversation@${at()}`)),
    upload: vi.fn(async (sent: File) => {
      log.push(`upload ${sent.name}@${at()}`);
      if (uploadMs > 0) await new Promise((resolve) => setTimeout(resolve, uploadMs));
    }),
    close: vi.fn(),
  };
  return { widget, log };
}
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat session timings (spec 1 §9: open 2 s, first upload 3 s, following uploads 1 s)', () => {
  it('opens the conversation 2 s after the widget opens, once', async () => {
    const { widget, log } = fakeWidget();
    const session = createChatSession(widget, () => context);
    session.open();
    await advance(1999);
    expect(widget.startConversation).not.toHaveBeenCalled();
    await advance(1);
    expect(widget.startConversation).toHaveBeenCalledWith(context);
    // Opened again (after a close), the conversation goes on: no second start.
    session.close();
    session.open();
    await advance(5000);
    expect(log).toEqual(['open@0', 'conversation@2000', 'open@2000']);
    expect(widget.close).toHaveBeenCalledOnce();
  });

  it('sends the first queued file 3 s after it was queued, each next 1 s after the last was sent', async () => {
    const { widget, log } = fakeWidget(500);
    const session = createChatSession(widget, () => context);
    session.open();
    await advance(2000);
    session.queue([file('a.pdf')]);
    await advance(1000);
    session.queue([file('b.pdf'), file('c.pdf')]);
    await advance(1999);
    expect(widget.upload).not.toHaveBeenCalled();
    await advance(1);
    // a at 5000 (queued at 2000), its upload takes 500 ms; b 1 s after that; c 1 s after b.
    await advance(10_000);
    expect(log.filter((entry) => entry.startsWith('upload'))).toEqual([
      'upload a.pdf@5000',
      'upload b.pdf@6500',
      'upload c.pdf@8000',
    ]);
    // An emptied queue starts over: a new first file waits 3 s again.
    session.queue([file('d.pdf')]);
    await advance(2999);
    expect(widget.upload).toHaveBeenCalledTimes(3);
    await advance(1);
    expect(log.at(-1)).toBe('upload d.pdf@18000');
  });

  it('holds files queued before the conversation, then sends the first 3 s after it starts', async () => {
    const { widget, log } = fakeWidget();
    const session = createChatSession(widget, () => context);
    session.queue([file('early.pdf'), file('later.pdf')]);
    await advance(10_000);
    expect(widget.upload).not.toHaveBeenCalled();
    session.open();
    await advance(2000 + 2999);
    expect(widget.upload).not.toHaveBeenCalled();
    await advance(1);
    await advance(1000);
    expect(log.filter((entry) => entry.startsWith('upload'))).toEqual([
      'upload early.pdf@15000',
      'upload later.pdf@16000',
    ]);
  });

  it('skips a file whose upload fails, and sends nothing after dispose', async () => {
    const { widget } = fakeWidget();
    vi.mocked(widget.upload).mockRejectedValueOnce(new Error('too large'));
    const session = createChatSession(widget, () => context);
    session.open();
    await advance(2000);
    session.queue([file('bad.pdf'), file('good.pdf'), file('never.pdf')]);
    await advance(3000 + 1000);
    expect(vi.mocked(widget.upload).mock.calls.map(([sent]) => sent.name)).toEqual([
      'bad.pdf',
      'good.pdf',
    ]);
    session.dispose();
    await advance(10_000);
    expect(widget.upload).toHaveBeenCalledTimes(2);
  });
});
