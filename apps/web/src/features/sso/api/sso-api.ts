import type { SsoNonceResponse, User } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** A nonce for one sign-in; the server also binds it to this browser (HttpOnly cookie). */
export const requestNonce = () =>
  apiRequest<SsoNonceResponse>('/api/sso/nonce', { method: 'POST' }).then((r) => r.nonce);

/** Hands the provider's ID token to the server, which verifies it and opens a staff session. */
export const createStaffSession = (idToken: string) =>
  apiRequest<User>('/api/sso/session', { method: 'POST', body: { idToken } });
