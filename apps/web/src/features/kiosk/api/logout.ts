import { logoutPatient } from '../../../lib/patient-access.ts';

/**
 * Ends the patient session on the server. The kiosk goes back to its start screen whatever
 * the answer: a failed call must not leave the next person looking at the last one's pages.
 */
export async function logout(): Promise<void> {
  try {
    await logoutPatient();
  } catch {
    // Offline or the server refused: the session still idles out on the server.
  }
}
