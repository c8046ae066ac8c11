import type { PortalBootstrap, SupportedLocale } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { startupBootstrap } from './startup-bootstrap.ts';

const config = { application: { jsLocale: 'en-NZ' } } as unknown as PortalBootstrap['config'];
const translations = {
  resolveLocale: (requested: SupportedLocale | undefined) => requested ?? ('en-NZ' as const),
  dictionary: (locale: SupportedLocale) => ({ locale }),
};
const bootstrapFor = startupBootstrap(config, translations);

describe('startupBootstrap', () => {
  it('uses the provider locale without a lang parameter', () => {
    expect(bootstrapFor(undefined)).toEqual({
      config,
      locale: 'en-NZ',
      translations: { locale: 'en-NZ' },
    });
  });

  it('uses a supported lang parameter, as the web app does', () => {
    expect(bootstrapFor('mk').locale).toBe('mk');
    expect(bootstrapFor('mk').translations).toEqual({ locale: 'mk' });
  });

  it('falls back to en-AU for an unsupported lang parameter, as the web app does', () => {
    expect(bootstrapFor('xx-YY').locale).toBe('en-AU');
  });

  it('treats an empty lang parameter as absent', () => {
    expect(bootstrapFor('').locale).toBe('en-NZ');
  });
});
