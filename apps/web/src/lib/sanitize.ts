import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Sanitizes HTML that comes from configuration (about, contact, banner, custom header and
 * footer) before it reaches the DOM. Links opening a new tab get rel="noopener noreferrer".
 */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}
