/**
 * What a framed page tells the provider's page (docs/product/embedding.md), and nothing more:
 * no patient data ever crosses. public/embed.js is the receiving side.
 */
export type FrameMessage = { type: 'portal:height'; height: number } | { type: 'portal:navigated' };

/**
 * Posts to each configured embedding origin by name, never to '*': the browser delivers a
 * message only when the parent page is on that origin, so an unlisted site that frames the page
 * (which frame-ancestors already refuses) would hear nothing either.
 */
export function postToHost(message: FrameMessage, origins: readonly string[]): void {
  for (const origin of origins) window.parent.postMessage(message, origin);
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
