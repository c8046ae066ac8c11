import { useEffect, useState } from 'react';
import styles from './startup-states.module.css';

/** Shown until configuration and translations arrive: a spinner, since no text is loaded yet. */
export function StartupLoading() {
  return (
    <div className={styles.screen} aria-busy="true">
      <span className={styles.spinner} />
    </div>
  );
}

interface ErrorText {
  message: string;
  retry: string;
}

/**
 * Start-up failed, so the served translations may be missing: the bundled en-AU reference
 * is fetched as a separate chunk, only on this path, to keep the message a translation key.
 */
export function StartupError({ onRetry }: { onRetry: () => void }) {
  const [text, setText] = useState<ErrorText | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../../../packages/translations/locales/en-AU.json').then(
      ({ default: en }) => {
        if (live) setText({ message: en.message.startup_error, retry: en.action.retry });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (!text) return <StartupLoading />;
  return (
    <main className={styles.screen}>
      <div className={styles.panel} role="alert">
        <p>{text.message}</p>
        <button type="button" className={styles.button} onClick={onRetry}>
          {text.retry}
        </button>
      </div>
    </main>
  );
}
