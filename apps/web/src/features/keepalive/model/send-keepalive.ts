/**
 * One keepalive GET (spec 1 §7). The URL is the provider's: often another system whose session
 * must outlive a long booking (its own origin), sometimes this portal (`/api/account` keeps a
 * staff session). `no-cors` sends it either way without the console's CORS error for an answer
 * nobody reads; `include` carries that site's cookies, which is the point of the call. Never
 * through apiRequest: a 401 here is the other system's business and must not log the patient out
 * (docs/product/authentication.md#the-401-rule). A failed ping is dropped; the next interval
 * tries again.
 */
export async function sendKeepalive(url: string): Promise<void> {
  try {
    await fetch(url, { method: 'GET', mode: 'no-cors', credentials: 'include', cache: 'no-store' });
  } catch {
    // Offline or refused: nothing to show the patient, and nothing to retry early.
  }
}
