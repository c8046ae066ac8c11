/** The page waits this long on "provided successfully" before the redirect (spec 1 §9). */
export const feedbackRedirectDelayMs = 4000;

/**
 * Which report the page is about, from its query (spec 1 §2): `imsec`, a viewer link, or
 * `accession`, the PACS's accession number (the API's `pacsAppointmentId`). Exactly one; null
 * otherwise, which the page shows as its error state without asking the API.
 */
export type FeedbackReference = { imsec: string } | { pacsAppointmentId: string };

export function feedbackReferenceOf(params: URLSearchParams): FeedbackReference | null {
  const imsec = params.get('imsec')?.trim() ?? '';
  const accession = params.get('accession')?.trim() ?? '';
  if ((imsec === '') === (accession === '')) return null;
  return imsec !== '' ? { imsec } : { pacsAppointmentId: accession };
}

/**
 * Where the redirect after feedback goes (referrerReportQualityFeedbackRedirectUrl): a page of
 * the portal through the router, another site by a page load, anything but http(s) nowhere.
 */
export type RedirectTarget = { kind: 'portal'; path: string } | { kind: 'site'; url: string };

export function redirectTargetOf(
  configured: string | null,
  currentHref: string,
): RedirectTarget | null {
  if (!configured) return null;
  let url: URL;
  try {
    url = new URL(configured, currentHref);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === new URL(currentHref).origin) {
    return { kind: 'portal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  return { kind: 'site', url: url.toString() };
}
