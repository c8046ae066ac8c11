import { type ElementType, useMemo } from 'react';
import { useSanitizer } from '../../lib/sanitizer.ts';
import styles from './sanitized-html.module.css';

interface SanitizedHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

/**
 * Configuration HTML sanitized with DOMPurify, as a string for what takes HTML outside React
 * (Leaflet's attribution control). DOMPurify loads on demand (lib/sanitizer.ts); Startup and
 * the routes that show configuration HTML start loading it before they render, so this
 * suspends only if something renders it without them.
 */
export function useSanitizedHtml(html: string): string {
  const { sanitizeHtml } = useSanitizer();
  return useMemo(() => sanitizeHtml(html), [sanitizeHtml, html]);
}

/** Configuration HTML, sanitized with DOMPurify, styled like the rest of the page. */
export function SanitizedHtml({ html, as: Tag = 'div', className }: SanitizedHtmlProps) {
  const clean = useSanitizedHtml(html);
  return (
    <Tag
      className={[styles.html, className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
