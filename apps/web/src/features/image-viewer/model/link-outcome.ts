import type { ImageViewerResponse } from '@portal/contract';

/**
 * What the report page does with GET /api/image_viewer's answer (spec 1 §4, Image viewer):
 * an EXPIRED link goes to its redirect, a provider whose referrers prefer their PACS goes to
 * the PACS's own viewer, an ACTIVE link with a url shows the viewer here, and an answer
 * without url says the link could not be made (message.error_generating_images_url).
 */
export type LinkOutcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'pacs'; to: string }
  | { kind: 'view'; pacsUrl: string | null }
  | { kind: 'noUrl' };

export function linkOutcome(answer: ImageViewerResponse): LinkOutcome {
  if (answer.imageViewerLinkStatus === 'EXPIRED') {
    // An expired link without a redirect has nothing to show but the error.
    return answer.redirectUrl ? { kind: 'redirect', to: answer.redirectUrl } : { kind: 'noUrl' };
  }
  if (answer.preference === 'PACS' && answer.pacsUrl) return { kind: 'pacs', to: answer.pacsUrl };
  if (!answer.url) return { kind: 'noUrl' };
  return { kind: 'view', pacsUrl: answer.pacsUrl };
}

/**
 * Only http(s) addresses leave the page: a javascript: or data: URL in a configuration or a
 * forged answer must not run in the portal's origin.
 */
export function safeExternalUrl(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
