/**
 * What a framed page tells the provider's page (docs/product/embedding.md), and nothing more:
 * no patient data ever crosses. public/embed.js is the receiving side.
 */
export type FrameMessage = { type: 'portal:height'; height: number } | { type: 'portal:navigated' };

/**
 * Where a message may go: the parent page's origin when the browser tells it (ancestorOrigins,
 * else the referrer) and it is a configured one; when it does not tell, each configured origin
 * by name. Never '*', and never an origin outside FRAME_ANCESTORS (which frame-ancestors refuses
 * anyway). Naming only the parent also spares the console an error per mismatched origin.
 */
export function targetOrigins(
  origins: readonly string[],
  parent: string | null = parentOrigin(),
): readonly string[] {
  if (parent === null) return origins;
  return origins.includes(parent) ? [parent] : [];
}

function parentOrigin(): string | null {
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

export function postToHost(message: FrameMessage, origins: readonly string[]): void {
  for (const origin of targetOrigins(origins)) window.parent.postMessage(message, origin);
}

/**
 * Reports the element's height whenever it changes, so embed.js sizes the frame to the page and
 * the patient never scrolls inside a scrolling page. Returns the stop function.
 */
export function reportFrameHeight(element: HTMLElement, origins: readonly string[]): () => void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last || height <= 0) return;
    last = height;
    postToHost({ type: 'portal:height', height }, origins);
  };
  const observer = new ResizeObserver(send);
  observer.observe(element);
  send();
  return () => observer.disconnect();
}
