import { z } from 'zod';
import { supportedLocales } from './locales.ts';

/**
 * The provider images (docs/product/shell-and-configuration.md#api), served at
 * /api/assets/application/{name}.
 */
export const applicationAssetNames = [
  'favicon',
  'header',
  'header_tablet',
  'confirmation_header',
  'check_in_header',
  'image_viewer_banner',
  'patient_portal_background',
] as const;
export const applicationAssetNameSchema = z.enum(applicationAssetNames);
export type ApplicationAssetName = z.infer<typeof applicationAssetNameSchema>;

export const translationsQuerySchema = z.object({
  lang: z.enum(supportedLocales).optional(),
});

/** A nested dictionary; keys are joined with '.' (e.g. message.loading). */
export type TranslationDictionary = { [key: string]: string | TranslationDictionary };
export const translationDictionarySchema: z.ZodType<TranslationDictionary> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), translationDictionarySchema])),
);
