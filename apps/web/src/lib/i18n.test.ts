import { describe, expect, it, vi } from 'vitest';
import { createI18n, resolveLocale } from './i18n.ts';

describe('resolveLocale (docs/product/shell-and-configuration.md#translations-and-locales)', () => {
  it.each(['en-AU', 'en-NZ', 'en-CA', 'en', 'mk'])('accepts the supported locale %s', (locale) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveLocale(locale)).toBe(locale);
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to en-AU with a console warning for an unsupported locale', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveLocale('fr-FR')).toBe('en-AU');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fr-FR'));
  });
});

describe('createI18n', () => {
  it('translates synchronously from the given dictionary, with interpolation', () => {
    const i18n = createI18n('mk', { header: { doctor: 'Д-р {{lastName}}' } });
    expect(i18n.t('header.doctor', { lastName: 'Smith' })).toBe('Д-р Smith');
    expect(i18n.language).toBe('mk');
  });
});
