import type { User } from '@portal/contract';
import {
  ErrorResponse,
  ErrorTimeout,
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
} from 'oidc-client-ts';
import { createStaffSession, requestNonce } from '../api/sso-api.ts';

/**
 * The browser's side of single sign-on (docs/product/single-sign-on.md): oidc-client-ts runs
 * Authorization Code + PKCE as a public client at the configured provider, first silently
 * (prompt=none in a hidden iframe), then in a popup; the ID token goes to the server, which
 * verifies it and opens the staff session. Nothing is kept in the browser: the tokens live in
 * memory only and the portal's session is an HttpOnly cookie. This module is loaded only by
 * the SSO pages (the booking home and patient pages never fetch it).
 */
export interface SsoSettings {
  /** azureUrlWithTenantId: the issuer. */
  authority: string;
  /** azureClientId. */
  clientId: string;
}

export const silentCallbackPath = '/sso/silent-callback';
export const popupCallbackPath = '/sso/popup-callback';
const silentTimeoutSeconds = 10;

function userManager(settings: SsoSettings): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${origin}${popupCallbackPath}`,
    popup_redirect_uri: `${origin}${popupCallbackPath}`,
    silent_redirect_uri: `${origin}${silentCallbackPath}`,
    response_type: 'code',
    scope: 'openid profile email',
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    silentRequestTimeoutInSeconds: silentTimeoutSeconds,
    // The tokens are handed to the server at once; none of them is kept by the browser.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    // The request's state (PKCE verifier, nonce) must reach the popup's callback: same-origin
    // sessionStorage is not shared with a popup, localStorage is, and oidc-client-ts removes it.
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

/** The provider answered that the user must sign in (or choose, or consent) themselves. */
const interactive = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

export type SilentOutcome = { kind: 'signed-in'; user: User } | { kind: 'needs-popup' };

/** prompt=none in a hidden iframe; 'needs-popup' when the provider wants the user. */
export async function signInSilently(settings: SsoSettings): Promise<SilentOutcome> {
  const nonce = await requestNonce();
  try {
    const result = await userManager(settings).signinSilent({ nonce });
    if (!result?.id_token) return { kind: 'needs-popup' };
    return { kind: 'signed-in', user: await createStaffSession(result.id_token) };
  } catch (error) {
    if (error instanceof ErrorResponse && error.error && interactive.has(error.error)) {
      return { kind: 'needs-popup' };
    }
    if (error instanceof ErrorTimeout) return { kind: 'needs-popup' };
    throw error;
  }
}

export { requestNonce };

/**
 * The provider's sign-in in a popup. Call it from a user gesture with a nonce fetched before
 * (requestNonce), so nothing awaits between the press and window.open: a browser blocks a
 * popup opened after the gesture's moment has passed.
 */
export async function signInWithPopup(settings: SsoSettings, nonce: string): Promise<User> {
  // A popup the user closes ends the sign-in (message.error_check_images_authorization)
  // instead of waiting for ever. (A provider page that severed the opener, COOP same-origin,
  // could not answer through the popup anyway.)
  const result = await userManager(settings).signinPopup({ nonce, popupAbortOnClose: true });
  if (!result.id_token) throw new Error('The provider returned no ID token.');
  return createStaffSession(result.id_token);
}

/** The hidden iframe's and the popup's callback pages: hand the answer to the opener. */
export async function completeCallback(settings: SsoSettings, kind: 'silent' | 'popup') {
  const manager = userManager(settings);
  if (kind === 'silent') await manager.signinSilentCallback();
  else await manager.signinPopupCallback();
}
