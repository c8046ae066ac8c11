import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One jsdom window for the process: sanitizing happens only while config loads.
let purifier: ReturnType<typeof createDOMPurify> | undefined;

/**
 * Sanitizes HTML from provider configuration. Defence in depth: the web app
 * sanitizes again before rendering, but nothing unsafe should even be served.
 */
export function sanitizeHtml(html: string): string {
  purifier ??= createDOMPurify(new JSDOM('').window);
  return purifier.sanitize(html, {
    // Config links may open a new tab; keep target but DOMPurify drops unsafe URLs.
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
