import type { User } from '@portal/contract';
import { AUTH_CHECK_PATH, apiGet, isApiError } from '../../../lib/api-client.ts';

export const accountQueryKey = ['account'] as const;

/**
 * The logged-in staff member, or null when anonymous. A 401 is that answer, not an error
 * (docs/product/authentication.md#the-401-rule); an empty 204 or a JSON null are read the same way.
 */
export async function getAccount(): Promise<User | null> {
  try {
    return (await apiGet<User | null>(AUTH_CHECK_PATH)) ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
