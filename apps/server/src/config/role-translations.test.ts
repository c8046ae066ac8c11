import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';
import { loadProviderConfig, ProviderConfigError } from './provider-config.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The demo configuration with config/role-translations.json replaced (or removed). */
function demoWith(roleTranslations: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'role-translations-'));
  dirs.push(dir);
  cpSync(join(repoRoot, 'config'), dir, { recursive: true });
  const file = join(dir, 'role-translations.json');
  if (roleTranslations === undefined) unlinkSync(file);
  else writeFileSync(file, JSON.stringify(roleTranslations));
  return dir;
}

function problemsOf(dir: string): string {
  try {
    loadProviderConfig(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('config/role-translations.json', () => {
  it("loads the demo's clinic-staff wording", () => {
    const config = loadProviderConfig(join(repoRoot, 'config'));
    expect(config.roleTranslations['clinic-staff']?.['en-AU']).toMatchObject({
      booking: { home: { title: 'Book for your patient' } },
    });
  });

  it('is optional: no file, no role wording', () => {
    expect(loadProviderConfig(demoWith(undefined)).roleTranslations).toEqual({});
  });

  it('accepts the same placeholders in another order and spacing', () => {
    const dir = demoWith({
      staff: { en: { booking: { slots: { title: 'A time at {{ clinic }} for your patient' } } } },
    });
    expect(loadProviderConfig(dir).roleTranslations.staff?.en).toBeDefined();
  });

  it('names a locale the portal does not have and a role name it cannot key', () => {
    const message = problemsOf(
      demoWith({ staff: { fr: { booking: { home: { title: 'Réserver' } } } }, 'not a role': {} }),
    );
    expect(message).toMatch(/role-translations\.json: staff: Unrecognized key: "fr"/);
    expect(message).toMatch(/role-translations\.json: not a role: Invalid key/);
  });

  it('names every key problem: unknown key, placeholders, markup, a group as text', () => {
    const message = problemsOf(
      demoWith({
        staff: {
          'en-AU': {
            booking: {
              home: { titel: 'Typo', title: '<b>Book</b>' },
              slots: { title: 'Choose a time' },
              form: 'Your patient',
            },
          },
        },
      }),
    );
    expect(message).toContain('staff.en-AU.booking.home.titel: is not a translation key');
    expect(message).toContain('staff.en-AU.booking.home.title: must be plain text');
    expect(message).toContain(
      "staff.en-AU.booking.slots.title: must use the same placeholders as the portal's text (clinic)",
    );
    expect(message).toContain('staff.en-AU.booking.form: is not a translation key');
  });

  it('wants a text where the portal has one', () => {
    const dir = demoWith({ staff: { 'en-AU': { booking: { home: { title: { a: 'b' } } } } } });
    expect(problemsOf(dir)).toContain('staff.en-AU.booking.home.title: must be a text');
  });
});
