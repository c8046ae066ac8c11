import { z } from 'zod';

/** docs/product/shell-and-configuration.md#staff-user: a logged-in staff member or referrer. */
export const userSchema = z.object({
  userId: z.string(),
  username: z.string(),
  organization: z.string().nullable(),
  currentDoctor: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /**
   * Spec 1 §3's roleTranslations: a JSON string of the user's roles' wording overrides by locale
   * (`RoleTranslationLayers`, config/role-translations.json), or null when the roles have none.
   */
  roleTranslations: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
