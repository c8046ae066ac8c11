export { accountQueryKey, getAccount } from './api/get-account.ts';
export { clearUser, useLogout, useUser } from './hooks/use-user.ts';
