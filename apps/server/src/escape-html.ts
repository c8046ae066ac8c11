/**
 * Text made safe for HTML element content and quoted attribute values: the one escape every
 * server-rendered page and e-mail uses (the index page's bootstrap, the development outbox,
 * the outbox's e-mail bodies).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char as keyof typeof escapes]);
}

const escapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' } as const;
