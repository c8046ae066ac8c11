import { apiRequest } from '../../../lib/api-client.ts';

export const logoutPath = '/api/authentication/logout';

/**
 * Ends the patient session on the server (access API: 204, also when there was none). The
 * kiosk goes back to its start screen whatever the answer: a failed call must not leave the
 * next person looking at the last one's pages.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest<void>(logoutPath, { method: 'POST' });
  } catch {
    // Offline or the server refused: the session still idles out on the server.
  }
}
