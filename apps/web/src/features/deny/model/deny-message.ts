/**
 * The deny page's message, chosen from its query (docs/product/authentication.md#deny-page).
 * Returns a translation key, or the customMessage text as given (shown as text, never as HTML).
 */
export type DenyMessage = { key: string } | { text: string };

const statusKeys: Record<string, string> = {
  EXPIRED: 'deny.expired',
  EXPIRED_PATIENT: 'deny.expired',
  CANCELED: 'deny.canceled',
  DECLINED_BY_PATIENT: 'deny.declined_by_patient',
  REMOVED_BY_OPERATOR: 'deny.removed_by_operator',
  DELETED: 'deny.removed_by_operator',
  ON_HOLD: 'deny.waiting_protocol',
};

/** The messages a `message` parameter may name; anything else falls back to max attempts. */
const namedMessages: Record<string, string> = {
  max_attempts_reached_results: 'deny.max_attempts_reached_results',
  max_attempts_reached_shared: 'deny.max_attempts_reached_shared',
};

const isTrue = (value: string | null) => value !== null && value !== 'false';

export function denyMessage(params: URLSearchParams): DenyMessage {
  const status = params.get('status');
  if (status) return { key: statusKeys[status] ?? 'deny.restricted' };
  if (params.get('revoked') === 'true') return { key: 'deny.revoked' };
  if (isTrue(params.get('maxAttempts'))) {
    const named = namedMessages[params.get('message') ?? ''];
    return { key: named ?? 'deny.max_attempts_reached' };
  }
  if (isTrue(params.get('resultsExpired'))) return { key: 'deny.results_expired' };
  const custom = params.get('customMessage')?.trim();
  if (custom) return { text: custom };
  return { key: 'deny.default' };
}

/**
 * The Close link (docs/product/authentication.md#deny-page): only with showClose=true and a
 * redirectUrl, and only to a page on this site, so a crafted deny link cannot send the patient
 * elsewhere.
 */
export function closeLink(params: URLSearchParams, origin: string): string | null {
  const redirectUrl = params.get('redirectUrl');
  if (params.get('showClose') !== 'true' || !redirectUrl) return null;
  if (
    !redirectUrl.startsWith('/') ||
    redirectUrl.startsWith('//') ||
    redirectUrl.startsWith('/\\')
  ) {
    return null;
  }
  try {
    return new URL(redirectUrl, origin).origin === origin ? redirectUrl : null;
  } catch {
    return null;
  }
}
