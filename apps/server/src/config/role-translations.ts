import { type RoleTranslationsConfig, referenceLocale } from '@portal/contract';
import { readBundledDictionary } from '@portal/translations';

const placeholderPattern = /\{\{\s*([^{}\s,]+)[^{}]*\}\}/g;
const markupPattern = /<[a-z!/]/i;

const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1]))].sort().join(',');

/** The reference dictionary's texts by dot-joined key. */
function referenceTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
      else walk(value as Record<string, unknown>, `${prefix}${key}.`);
    }
  };
  walk(readBundledDictionary(referenceLocale), '');
  return texts;
}

/**
 * Problems in config/role-translations.json beyond its shape (docs/product/role-translations.md):
 * a key the portal does not have would be ignored without a word, a changed placeholder would
 * print `{{name}}` or lose the value, and markup where the portal shows plain text would show
 * as text. So every key must exist in the en-AU reference, keep the same {{placeholders}}, and
 * carry markup only where the reference text does.
 */
export function roleTranslationProblems(config: RoleTranslationsConfig): string[] {
  const reference = referenceTexts();
  const problems: string[] = [];
  for (const [role, locales] of Object.entries(config)) {
    for (const [locale, dictionary] of Object.entries(locales)) {
      const walk = (node: Record<string, unknown>, path: string[]) => {
        for (const [key, value] of Object.entries(node)) {
          const keyPath = [...path, key];
          const at = `${role}.${locale}.${keyPath.join('.')}`;
          const text = reference.get(keyPath.join('.'));
          if (typeof value !== 'string') {
            if (text !== undefined) problems.push(`${at}: must be a text`);
            else walk(value as Record<string, unknown>, keyPath);
          } else if (text === undefined) {
            problems.push(`${at}: is not a translation key of the portal`);
          } else if (placeholdersOf(value) !== placeholdersOf(text)) {
            const expected = placeholdersOf(text) || 'none';
            problems.push(
              `${at}: must use the same placeholders as the portal's text (${expected})`,
            );
          } else if (markupPattern.test(value) && !markupPattern.test(text)) {
            problems.push(`${at}: must be plain text`);
          }
        }
      };
      walk(dictionary, []);
    }
  }
  return problems;
}
