import type { User } from '@portal/contract';

/**
 * The signed-in staff member. Staff sign-in (OIDC) arrives in a later issue;
 * until then nobody is signed in. Anonymous is an answer (null), not a 401:
 * every visitor makes this call, and a 401 would be logged by the browser as
 * an error on every page load.
 */
export function createAccountService() {
  return {
    async currentUser(): Promise<User | null> {
      return null;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
