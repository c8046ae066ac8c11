/**
 * Whether this page runs inside another page's frame: the /iframe/... routes on a provider's
 * website (docs/product/embedding.md). Reading window.top is allowed across origins; a browser
 * that refuses it is framed all the same.
 */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * The cookie attributes a framed page needs over HTTPS: a provider's site is another site, so a
 * SameSite=Lax cookie would be neither set nor sent; Partitioned keeps it to that site (CHIPS),
 * so no other site that frames the portal shares it.
 */
export const embeddedCookieAttributes = 'SameSite=None; Secure; Partitioned';

/** Told to the server on every API call from a framed page, which then sets its cookie so. */
export const embeddedRequestHeader = 'Portal-Embedded';
