import { type ElementType, use, useMemo } from 'react';
import { loadedSanitizer, loadSanitizer } from '../../lib/sanitizer.ts';
import styles from './sanitized-html.module.css';

interface SanitizedHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

/**
 * Configuration HTML, sanitized with DOMPurify, styled like the rest of the page. DOMPurify
 * loads on demand (lib/sanitizer.ts); Startup and the static pages' routes load it before
 * they render, so this suspends only if something renders it without them.
 */
export function SanitizedHtml({ html, as: Tag = 'div', className }: SanitizedHtmlProps) {
  const { sanitizeHtml } = loadedSanitizer() ?? use(loadSanitizer());
  const clean = useMemo(() => sanitizeHtml(html), [sanitizeHtml, html]);
  return (
    <Tag
      className={[styles.html, className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
