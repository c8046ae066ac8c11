import { type ElementType, useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import styles from './sanitized-html.module.css';

interface SanitizedHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

/** Configuration HTML, sanitized with DOMPurify, styled like the rest of the page. */
export function SanitizedHtml({ html, as: Tag = 'div', className }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Tag
      className={[styles.html, className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
