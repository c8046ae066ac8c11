import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../hooks/use-user.ts';

/** Instances carrying a role's wording now, so a patient's page never loads the overlay. */
const overlaid = new WeakSet<object>();

/**
 * Applies the signed-in user's role wording once the user loads and removes it when they log
 * out or their session ends (user state null). The overlay itself is a staff-only chunk.
 */
export function RoleTranslations(): null {
  const user = useUser();
  const { i18n } = useTranslation();
  const json = user?.roleTranslations ?? null;
  const known = user !== undefined;
  useEffect(() => {
    // While the user check is under way, and for a visitor who never had role wording: nothing.
    if (!known || (json === null && !overlaid.has(i18n))) return;
    let current = true;
    if (json === null) overlaid.delete(i18n);
    else overlaid.add(i18n);
    void import('../model/role-translations.ts').then(({ overlayRoleTranslations }) => {
      if (current) overlayRoleTranslations(i18n, json);
    });
    return () => {
      current = false;
    };
  }, [i18n, json, known]);
  return null;
}
