export { accountQueryKey, getAccount } from './api/get-account.ts';
export { clearUser, prefetchUser, useLogout, useUser } from './hooks/use-user.ts';
