import { useCallback, useRef } from 'react';
import styles from './email-preview-page.module.css';

/**
 * The rendered message, as a mail client shows it: its own document in a sandboxed frame, so
 * its markup and styles never mix with the page's, and nothing in it runs (no allow-scripts,
 * no forms, popups or navigation of the page). allow-same-origin only lets the page size the
 * frame to the message and checkers (axe) read it; without scripts nothing inside can use it.
 */
export function PreviewFrame({
  content,
  lang,
  title,
  busy,
}: {
  content: string;
  lang: string;
  title: string;
  busy: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const fit = useCallback(() => {
    // The body's height, not the document's: that is never less than the frame's own, so a
    // shorter message after a longer one would keep the longer one's height.
    const body = frame.current?.contentDocument?.body;
    if (frame.current && body) frame.current.style.height = `${body.scrollHeight + 4}px`;
  }, []);
  // Links open nowhere (a sandbox without popups): a preview is for reading the words.
  const page = `<!doctype html><html lang="${escapeText(lang)}"><head><meta charset="utf-8"><title>${escapeText(title)}</title><base target="_blank"><style>body{margin:0;padding:1rem;font:16px/1.5 system-ui,sans-serif;color:#1b1b1b;overflow-wrap:anywhere}h1{font-size:1.25rem;margin:0 0 1rem}h2{font-size:1.1rem}a{color:#1d4f91}img{max-width:100%;height:auto}</style></head><body>${content}</body></html>`;
  return (
    <iframe
      ref={frame}
      className={styles.frame}
      sandbox="allow-same-origin"
      srcDoc={page}
      title={title}
      onLoad={fit}
      aria-busy={busy || undefined}
    />
  );
}

const escapeText = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );
