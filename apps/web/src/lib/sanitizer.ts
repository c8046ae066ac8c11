/**
 * Configuration HTML (about, contact and terms, the banner, the custom header and footer, the
 * map tiles' attribution) is sanitized with DOMPurify before it reaches the DOM; links that
 * open a new tab get rel="noopener noreferrer".
 *
 * DOMPurify (about 11.5 KB gzip) is loaded on demand, and only from here: most providers
 * configure no banner, header or footer HTML, so the booking home's first paint does not need
 * it. Its chunk is named `sanitize` (vite.config.ts), and index.html names that chunk for the
 * server to preload when the shell shows configuration HTML (decision 013). Startup waits for
 * it before the first render when the shell shows configuration HTML; the static pages and the
 * map load it with their modules.
 */
import type { RadiologyConfig } from '@portal/contract';
import { use } from 'react';

export interface Sanitizer {
  sanitizeHtml(html: string): string;
}

let loaded: Sanitizer | undefined;
let pending: Promise<Sanitizer> | undefined;

export function loadSanitizer(): Promise<Sanitizer> {
  pending ??= import('dompurify').then(
    ({ default: DOMPurify }) => {
      DOMPurify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
          node.setAttribute('rel', 'noopener noreferrer');
        }
      });
      loaded = {
        sanitizeHtml: (html: string) => DOMPurify.sanitize(html, { ADD_ATTR: ['target'] }),
      };
      return loaded;
    },
    (error: unknown) => {
      // A failed fetch may be retried.
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The sanitizer when it has loaded, else undefined. */
export function loadedSanitizer(): Sanitizer | undefined {
  return loaded;
}

/** The sanitizer in a component: at once when loaded, else suspending until it is. */
export function useSanitizer(): Sanitizer {
  return loadedSanitizer() ?? use(loadSanitizer());
}

/** Whether the shell (banner, header message, footer) shows configuration HTML. */
export function shellShowsHtml(
  radiology: Pick<RadiologyConfig, 'bannerMessage' | 'customHeaderMessage' | 'customFooter'>,
): boolean {
  return (
    [radiology.bannerMessage, radiology.customHeaderMessage, radiology.customFooter]
      .join('')
      .trim() !== ''
  );
}
