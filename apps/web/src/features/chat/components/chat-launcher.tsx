import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { chatBookingRequest, takeChatFiles } from '../../../lib/chat-context.ts';
import { type ChatSession, createChatSession } from '../model/chat-session.ts';
import type { ChatContext } from '../model/widget-contract.ts';
import { loadWidgetScript, whenIdle } from '../model/widget-script.ts';
import styles from './chat-launcher.module.css';
import { useLiftAboveBottomBar } from './use-lift-above-bottom-bar.ts';

type LauncherState = 'closed' | 'opening' | 'open' | 'unavailable';

/**
 * The chat launcher (docs/product/chat.md#the-launcher). The widget's script is fetched when the
 * browser is first idle after the page painted, or when the patient presses the launcher,
 * whichever comes first; pressing it opens the widget (and 2 s later the conversation).
 */
export function ChatLauncher({ url }: { url: string }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [state, setState] = useState<LauncherState>('closed');
  const session = useRef<ChatSession | null>(null);
  const releaseFiles = useRef<() => void>(() => undefined);
  // Whether the widget can hide itself: then the launcher toggles, else it only opens.
  const closable = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const lift = useLiftAboveBottomBar(box);
  // What the conversation is told when it starts, read then rather than at the press.
  const context = useRef<ChatContext>({ locale: '', page: '', bookingRequest: null });
  context.current = { locale: i18n.language, page: pathname, bookingRequest: null };

  useEffect(
    () =>
      whenIdle(() => {
        // A preload: a failure here is told only if the patient asks for the chat.
        loadWidgetScript(url).catch(() => undefined);
      }),
    [url],
  );
  useEffect(
    () => () => {
      session.current?.dispose();
      session.current = null;
      releaseFiles.current();
    },
    [],
  );

  async function press() {
    if (state === 'opening') return;
    if (state === 'open' && closable.current) {
      session.current?.close();
      setState('closed');
      return;
    }
    setState('opening');
    try {
      const widget = await loadWidgetScript(url);
      if (!session.current) {
        const created = createChatSession(widget, () => ({
          ...context.current,
          bookingRequest: chatBookingRequest(),
        }));
        session.current = created;
        releaseFiles.current = takeChatFiles((files) => created.queue(files));
        closable.current = typeof widget.close === 'function';
      }
      session.current.open();
      setState('open');
    } catch {
      setState('unavailable');
    }
  }

  const label = state === 'open' && closable.current ? t('chat.close') : t('chat.open');
  return (
    <div
      ref={box}
      className={styles.launcher}
      style={lift > 0 ? { bottom: `calc(${lift}px + 0.5rem)` } : undefined}
    >
      <p className={styles.status} role="status">
        {state === 'opening'
          ? t('chat.opening')
          : state === 'unavailable'
            ? t('chat.unavailable')
            : ''}
      </p>
      <button
        type="button"
        className={styles.button}
        aria-busy={state === 'opening'}
        onClick={press}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6v2h2V9H7Zm4 0v2h2V9h-2Zm4 0v2h2V9h-2Z"
          />
        </svg>
        {label}
      </button>
    </div>
  );
}
