export { accountQueryKey, getAccount } from './api/get-account.ts';
export { RoleTranslations } from './components/role-translations.tsx';
export { clearUser, prefetchUser, useLogout, useUser } from './hooks/use-user.ts';
