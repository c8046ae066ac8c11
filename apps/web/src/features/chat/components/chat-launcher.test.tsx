import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChatBookingRequest,
  queueFilesForChat,
  resetChatContext,
  shareBookingRequestWithChat,
} from '../../../lib/chat-context.ts';
import { ConfigProvider } from '../../../lib/config.tsx';
import { makeConfig } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import type { PortalChatWidget } from '../model/widget-contract.ts';
import { resetWidgetScript } from '../model/widget-script.ts';
import { ChatGate } from './chat-gate.tsx';

const widgetUrl = 'https://chat.example.test/widget.js';
const widgetScript = () =>
  document.head.querySelector<HTMLScriptElement>(`script[src="${widgetUrl}"]`);

/** Idle callbacks held until the test says the browser is idle. */
let idle: Array<() => void> = [];

function renderGate(path = '/', chatWidgetUrl: string | null = widgetUrl) {
  return render(
    <ConfigProvider config={makeConfig({ integration: { chatWidgetUrl } })}>
      <I18nextProvider i18n={testI18n()}>
        <MemoryRouter initialEntries={[path]}>
          <ChatGate />
        </MemoryRouter>
      </I18nextProvider>
    </ConfigProvider>,
  );
}

/** The vendor's script arrives: it registers the widget (or not) and fires its load event. */
function scriptLoads(widget: PortalChatWidget | undefined) {
  const script = widgetScript();
  if (!script) throw new Error('the widget script was not added');
  window.PortalChat = widget;
  act(() => void script.dispatchEvent(new Event('load')));
}

function fakeWidget() {
  return {
    open: vi.fn(),
    startConversation: vi.fn(),
    upload: vi.fn(async (_file: File) => undefined),
    close: vi.fn(),
  } satisfies PortalChatWidget;
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const launcher = () => screen.findByRole('button', { name: 'Chat with us' });

// The launcher's chunk: in a browser it arrives in milliseconds; here its first import is
// transformed in real time, which fake timers never let pass. Loaded once beforehand.
beforeAll(async () => {
  await import('./chat-launcher.tsx');
});
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => {
  // Unmounted before the idle stubs go: the launcher cancels its idle callback.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetWidgetScript();
  resetChatContext();
  delete window.PortalChat;
});

describe('chat launcher (docs/product/chat.md)', () => {
  it('shows nothing and loads nothing without a chat URL, or on a kiosk', async () => {
    renderGate('/', null);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Chat with us' })).not.toBeInTheDocument();
    renderGate('/?kioskMode=true');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Chat with us' })).not.toBeInTheDocument();
    for (const work of idle) work();
    expect(document.head.querySelector('script[data-portal-chat]')).toBeNull();
  });

  it('fetches the widget script only once the browser is idle, and only once', async () => {
    renderGate();
    expect(widgetScript()).toBeNull();
    await launcher();
    expect(widgetScript()).toBeNull();
    expect(idle).toHaveLength(1);
    act(() => idle.shift()?.());
    expect(widgetScript()).not.toBeNull();
    expect(widgetScript()?.async).toBe(true);
    // Pressing the launcher uses that load: no second script.
    const widget = fakeWidget();
    fireEvent.click(await launcher());
    scriptLoads(widget);
    await screen.findByRole('button', { name: 'Close chat' });
    expect(document.head.querySelectorAll('script[data-portal-chat]')).toHaveLength(1);
    expect(widget.open).toHaveBeenCalledOnce();
  });

  it('on press: opens the widget, the conversation 2 s later, queued files 3 s and 1 s apart', async () => {
    const request: ChatBookingRequest = {
      slug: 'k'.repeat(22),
      patientNotes: null,
      bookingDetails: {
        exams: [{ name: 'Knee', nameWithModality: 'MRI Knee', slug: 'mri-knee' }],
        clinicName: 'Harbourside',
      },
      patientDetails: {
        title: null,
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1980-01-02',
        email: 'ada@example.test',
        contactNumber: '0400000000',
        postalCode: '2000',
      },
    };
    shareBookingRequestWithChat(request);
    queueFilesForChat([new File(['1'], 'referral.pdf'), new File(['2'], 'letter.pdf')]);
    renderGate('/booking-requests/x');
    const button = await launcher();
    vi.useFakeTimers({ now: 0 });
    fireEvent.click(button);
    expect(screen.getByRole('status')).toHaveTextContent('Opening the chat…');
    expect(button).toHaveAttribute('aria-busy', 'true');
    const widget = fakeWidget();
    scriptLoads(widget);
    await advance(0);
    expect(widget.open).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Close chat' })).toBeInTheDocument();

    await advance(1999);
    expect(widget.startConversation).not.toHaveBeenCalled();
    await advance(1);
    expect(widget.startConversation).toHaveBeenCalledWith({
      locale: 'en-AU',
      page: '/booking-requests/x',
      bookingRequest: request,
    });
    await advance(2999);
    expect(widget.upload).not.toHaveBeenCalled();
    await advance(1);
    expect(widget.upload).toHaveBeenCalledTimes(1);
    await advance(999);
    expect(widget.upload).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(widget.upload.mock.calls.map(([file]) => file.name)).toEqual([
      'referral.pdf',
      'letter.pdf',
    ]);

    // Close chat hides the widget; the launcher offers the chat again.
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(widget.close).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it('says the chat is unavailable when the script fails or registers nothing; a press retries', async () => {
    renderGate();
    fireEvent.click(await launcher());
    act(() => void widgetScript()?.dispatchEvent(new Event('error')));
    // The status says "Opening the chat…" until the rejected load reaches the launcher's state:
    // waited for, not read at once (a CI run read it first).
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The chat is not available right now.'),
    );
    expect(widgetScript()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    scriptLoads(undefined);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('not available'));

    fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    const widget = fakeWidget();
    scriptLoads(widget);
    await screen.findByRole('button', { name: 'Close chat' });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
