import { describe, expect, it } from 'vitest';
import { createRoleTranslations } from './role-translations.ts';

const roleTranslationsFor = createRoleTranslations({
  staff: {
    'en-AU': { booking: { home: { title: 'Book for your patient', lead: 'Staff lead' } } },
    mk: { booking: { home: { title: 'Закажете за вашиот пациент' } } },
  },
  lead: { 'en-AU': { booking: { home: { lead: 'Lead of the lead role' } } } },
});

describe('createRoleTranslations', () => {
  it('is null for a user none of whose roles has wording', () => {
    expect(roleTranslationsFor([])).toBeNull();
    expect(roleTranslationsFor(['radiologist'])).toBeNull();
  });

  it("gives a role's overrides by locale as one JSON string", () => {
    expect(JSON.parse(roleTranslationsFor(['staff'])!)).toEqual({
      'en-AU': { booking: { home: { title: 'Book for your patient', lead: 'Staff lead' } } },
      mk: { booking: { home: { title: 'Закажете за вашиот пациент' } } },
    });
  });

  it("merges several roles in the file's order, whatever order the token lists them in", () => {
    const layers = JSON.parse(roleTranslationsFor(['lead', 'staff'])!);
    expect(layers['en-AU'].booking.home).toEqual({
      title: 'Book for your patient',
      lead: 'Lead of the lead role',
    });
  });
});
