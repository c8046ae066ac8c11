import { isPortalChatWidget, type PortalChatWidget } from './widget-contract.ts';

/** One load a page: the idle preload and the launcher's press share it. */
let loading: { url: string; widget: Promise<PortalChatWidget> } | null = null;

/**
 * Adds the widget's script once and resolves with what it registered as `window.PortalChat`.
 * Rejects when the script does not load or registers nothing usable; a later call tries again.
 * No `crossorigin`: a vendor's CDN need not send CORS headers for a classic script.
 */
export function loadWidgetScript(url: string): Promise<PortalChatWidget> {
  if (loading?.url === url) return loading.widget;
  const widget = new Promise<PortalChatWidget>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.portalChat = '';
    script.addEventListener('load', () => {
      const registered = window.PortalChat;
      if (isPortalChatWidget(registered)) resolve(registered);
      else reject(new Error('The chat widget script did not register window.PortalChat.'));
    });
    script.addEventListener('error', () => reject(new Error('The chat widget did not load.')));
    document.head.append(script);
  });
  const attempt = { url, widget };
  loading = attempt;
  // A failure is not kept: pressing the launcher again tries again (a flaky network).
  widget.catch(() => {
    if (loading === attempt) loading = null;
    document.querySelector(`script[data-portal-chat][src="${CSS.escape(url)}"]`)?.remove();
  });
  return widget;
}

/** For tests: forget the page's load. */
export function resetWidgetScript(): void {
  loading = null;
}

/**
 * Runs `work` when the browser is next idle, or after `fallbackMs` where requestIdleCallback is
 * missing (Safari before 18); returns a cancel. Never with a timeout: a busy page stays busy.
 */
export function whenIdle(work: () => void, fallbackMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work());
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(id);
}
