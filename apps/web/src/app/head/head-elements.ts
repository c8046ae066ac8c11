/** Marks the elements applyHead adds, so a re-apply or cleanup removes exactly those. */
export const MARK = 'data-portal-head';

/** An element marked as the head's own (apply-head.ts). */
export function created<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.setAttribute(MARK, '');
  return element;
}
