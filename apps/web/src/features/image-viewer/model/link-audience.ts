import type { ImageViewerAudience } from '@portal/contract';

/**
 * Who a viewer link (imsec) was made for, read from the token's `aud` claim without checking
 * its signature: a hint for what the page offers (the quick report is not for a patient's own
 * link), never a permission. The server checks the token on every call
 * (apps/server/src/modules/image-viewer/quick-report.service.ts). Null when unreadable.
 */
export function linkAudience(imsec: string): ImageViewerAudience | null {
  const payload = imsec.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const { aud } = JSON.parse(json) as { aud?: unknown };
    const match =
      typeof aud === 'string' ? /^image-viewer:(PATIENT|REFERRER|EXTERNAL)$/.exec(aud) : null;
    return (match?.[1] as ImageViewerAudience | undefined) ?? null;
  } catch {
    return null;
  }
}
