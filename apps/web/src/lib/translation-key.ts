/**
 * Whether a provider's configured text is a translation key (`message.x`, `form.ethnicity.y`)
 * rather than text to show as written: questionnaire outcomes and the provider's option lists
 * may hold either.
 */
export const isTranslationKey = (value: string) => /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(value);
