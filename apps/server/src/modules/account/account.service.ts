import type { User } from '@portal/contract';

/**
 * The signed-in staff member or referrer (single sign-on, docs/product/single-sign-on.md), or
 * null. Anonymous is an answer (null), not a 401: every visitor makes this call, and a 401
 * would be logged by the browser as an error on every page load.
 */
export function createAccountService(deps: { staff: () => Promise<User | undefined> }) {
  return {
    async currentUser(): Promise<User | null> {
      return (await deps.staff()) ?? null;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
