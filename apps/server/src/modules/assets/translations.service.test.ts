import type { SupportedLocale, TranslationDictionary } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { createTranslationsService } from './translations.service.ts';

const bundled: Partial<Record<SupportedLocale, TranslationDictionary>> = {
  'en-AU': { nav: { home: 'Home', about: 'About' }, footer: { copyright: '© {{year}}' } },
  mk: { nav: { home: 'Дома' } },
};

function service(
  overrides: Partial<Record<SupportedLocale, TranslationDictionary>> = {},
  defaultLocale = 'en-AU',
) {
  const readBundled = vi.fn((locale: SupportedLocale) => bundled[locale] ?? null);
  return {
    readBundled,
    translations: createTranslationsService({ readBundled, overrides, defaultLocale }),
  };
}

describe('translations service', () => {
  it('falls back to en-AU for keys a locale lacks', () => {
    const { translations } = service();
    expect(translations.dictionary('mk')).toEqual({
      nav: { home: 'Дома', about: 'About' },
      footer: { copyright: '© {{year}}' },
    });
  });

  it('uses en-AU alone for a locale with no bundled file', () => {
    expect(service().translations.dictionary('en-CA')).toEqual(bundled['en-AU']);
  });

  it('merges bundled en-AU <- bundled locale <- en-AU override <- locale override', () => {
    const { translations } = service({
      'en-AU': { nav: { home: 'Start', about: 'About us' } },
      mk: { nav: { about: 'За нас' } },
    });
    // The en-AU override beats the bundled mk text; the mk override beats both.
    expect(translations.dictionary('mk').nav).toEqual({ home: 'Start', about: 'За нас' });
    expect(translations.dictionary('en-AU').nav).toEqual({ home: 'Start', about: 'About us' });
  });

  it('builds each locale once', () => {
    const { translations, readBundled } = service();
    translations.dictionary('mk');
    translations.dictionary('mk');
    expect(readBundled).toHaveBeenCalledTimes(2);
  });

  it('resolves a missing locale to the provider default, or en-AU if that is unsupported', () => {
    expect(service({}, 'mk').translations.resolveLocale(undefined)).toBe('mk');
    expect(service({}, 'fr-FR').translations.resolveLocale(undefined)).toBe('en-AU');
    expect(service({}, 'mk').translations.resolveLocale('en-NZ')).toBe('en-NZ');
  });
});
