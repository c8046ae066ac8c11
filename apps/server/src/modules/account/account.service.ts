import type { User } from '@portal/contract';
import { UnauthorizedError } from '../../domain-error.ts';

/**
 * The signed-in staff member. Staff sign-in (OIDC) arrives in a later issue;
 * until then nobody is signed in and the web app treats the 401 as anonymous.
 */
export function createAccountService() {
  return {
    async currentUser(): Promise<User> {
      throw new UnauthorizedError('Not signed in.');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
