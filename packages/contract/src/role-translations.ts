import { z } from 'zod';
import { translationDictionarySchema } from './assets.ts';
import { supportedLocales } from './locales.ts';

/**
 * config/role-translations.json (docs/product/role-translations.md): wording overrides per
 * staff role, per locale. A role is a value of the signed-in user's `roles` claim. The server
 * checks at start that every key exists in the reference dictionary and keeps its placeholders.
 */
export const roleNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1-100 letters, digits, ., _, : or -');

export const roleTranslationsConfigSchema = z.record(
  roleNameSchema,
  z.partialRecord(z.enum(supportedLocales), translationDictionarySchema),
);
export type RoleTranslationsConfig = z.infer<typeof roleTranslationsConfigSchema>;

/**
 * What `User.roleTranslations` holds once parsed: the overrides of the user's roles merged in
 * the file's order, by locale. The browser lays en-AU's, then its own locale's, over its
 * dictionary (the same order as the provider's own overrides).
 */
export type RoleTranslationLayers = z.infer<typeof roleTranslationsConfigSchema>[string];
