import type { User } from '@portal/contract';
import { AUTH_CHECK_PATH, apiGet, isApiError } from '../../../lib/api-client.ts';

export const accountQueryKey = ['account'] as const;

/** The logged-in staff member, or null when anonymous (a 401 is an answer, not an error). */
export async function getAccount(): Promise<User | null> {
  try {
    return await apiGet<User>(AUTH_CHECK_PATH);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
