import { describe, expect, it } from 'vitest';
import {
  expiryChoices,
  noteCharactersLeft,
  type ShareFormValues,
  type ShareRules,
  shareFormErrors,
  shareRequestOf,
  shareRulesOf,
} from './share-form.ts';

const emailOnly: ShareRules = { smsEnabled: false, noteMaxLength: 150 };
const withSms: ShareRules = { smsEnabled: true, noteMaxLength: 150 };
const form = (overrides: Partial<ShareFormValues>): ShareFormValues => ({
  contact: '',
  contactName: '',
  note: '',
  ...overrides,
});
const appointmentId = '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01';

describe('share contact (spec 2 §5)', () => {
  it('requires a contact', () => {
    expect(shareFormErrors(form({ contact: '  ' }), withSms).contact).toBe(
      'results.share.errors.contact_required',
    );
    expect(shareFormErrors(form({ contact: '' }), emailOnly).contact).toBe(
      'results.share.errors.email_required',
    );
  });

  it('accepts an e-mail address and sends it as EMAIL', () => {
    expect(shareFormErrors(form({ contact: 'gp@clinic.example' }), emailOnly)).toEqual({});
    expect(
      shareRequestOf(form({ contact: ' gp@clinic.example ' }), emailOnly, {
        type: 'RESULT',
        appointmentId,
      }),
    ).toEqual({
      contactDetails: 'gp@clinic.example',
      contactDetailsType: 'EMAIL',
      type: 'RESULT',
      appointmentId,
    });
  });

  it('refuses what is not an e-mail address', () => {
    for (const contact of ['gp@clinic', 'gp clinic@x.example', 'no-at-sign.example']) {
      expect(shareFormErrors(form({ contact }), withSms).contact, contact).toBe(
        'form.invalid_contact_details',
      );
    }
  });

  it('takes a phone number only with SMS enabled, else asks for an e-mail address', () => {
    expect(shareFormErrors(form({ contact: '0412345678' }), emailOnly).contact).toBe(
      'results.share.errors.email_invalid',
    );
    expect(shareFormErrors(form({ contact: '0412345678' }), withSms)).toEqual({});
  });

  it('reads an optional + and 9 to 15 digits as a phone, written as digits', () => {
    const phone = (contact: string) =>
      shareRequestOf(form({ contact }), withSms, { type: 'HISTORY' })?.contactDetails ?? null;
    expect(phone('+61 412 345 678')).toBe('+61412345678');
    expect(phone('(04) 1234-5678')).toBe('0412345678');
    expect(phone('123456789')).toBe('123456789');
    expect(phone('123456789012345')).toBe('123456789012345');
    expect(phone('12345678')).toBeNull();
    expect(phone('1234567890123456')).toBeNull();
    expect(phone('++61412345678')).toBeNull();
  });

  it('never takes ten digits for an e-mail address, and types them PHONE', () => {
    expect(
      shareRequestOf(form({ contact: '0412345678' }), withSms, { type: 'HISTORY' }),
    ).toMatchObject({ contactDetailsType: 'PHONE', type: 'HISTORY' });
  });
});

describe('the rest of the form', () => {
  it('counts the characters left of the note and refuses one over the maximum', () => {
    expect(noteCharactersLeft('', emailOnly)).toBe(150);
    expect(noteCharactersLeft('x'.repeat(150), emailOnly)).toBe(0);
    expect(
      shareFormErrors(form({ contact: 'a@b.example', note: 'x'.repeat(150) }), emailOnly),
    ).toEqual({});
    expect(
      shareFormErrors(form({ contact: 'a@b.example', note: 'x'.repeat(151) }), emailOnly).note,
    ).toBe('results.share.errors.note_too_long');
  });

  it('follows a configured note maximum', () => {
    const short = { smsEnabled: false, noteMaxLength: 20 };
    expect(noteCharactersLeft('hello', short)).toBe(15);
    expect(
      shareFormErrors(form({ contact: 'a@b.example', note: 'x'.repeat(21) }), short).note,
    ).toBe('results.share.errors.note_too_long');
  });

  it('limits the contact name', () => {
    expect(
      shareFormErrors(form({ contact: 'a@b.example', contactName: 'n'.repeat(101) }), emailOnly)
        .contactName,
    ).toBe('results.share.errors.contact_name_too_long');
  });

  it('sends the name and note trimmed, and leaves empty ones out', () => {
    expect(
      shareRequestOf(
        form({ contact: 'a@b.example', contactName: ' Dr Lee ', note: ' For Monday ' }),
        emailOnly,
        { type: 'HISTORY' },
      ),
    ).toEqual({
      contactDetails: 'a@b.example',
      contactDetailsType: 'EMAIL',
      contactName: 'Dr Lee',
      note: 'For Monday',
      type: 'HISTORY',
    });
  });

  it('makes no request while the form is invalid', () => {
    expect(shareRequestOf(form({ contact: 'nope' }), withSms, { type: 'HISTORY' })).toBeNull();
  });
});

describe('how long the share lasts', () => {
  const rules = (expiryDefaultDays: number, expiryMaxDays: number) => ({
    ...emailOnly,
    expiryDefaultDays,
    expiryMaxDays,
  });

  it('offers the usual lengths up to the maximum, with the default and the maximum', () => {
    expect(expiryChoices(rules(14, 90))).toEqual([1, 7, 14, 30, 90]);
    expect(expiryChoices(rules(10, 45))).toEqual([1, 7, 10, 14, 30, 45]);
    expect(expiryChoices(rules(1, 1))).toEqual([1]);
    expect(expiryChoices(emailOnly)).toEqual([]);
  });

  it('reads the rules from the public configuration', () => {
    expect(
      shareRulesOf({
        shareBySmsEnabled: true,
        shareNoteMaxLength: 80,
        shareExpiryDefaultDays: 14,
        shareExpiryMaxDays: 90,
      }),
    ).toEqual({ smsEnabled: true, noteMaxLength: 80, expiryDefaultDays: 14, expiryMaxDays: 90 });
    expect(shareRulesOf(undefined)).toEqual({ smsEnabled: false, noteMaxLength: 150 });
  });

  it('sends the chosen length', () => {
    expect(
      shareRequestOf(form({ contact: 'a@b.example', expiresInDays: 30 }), emailOnly, {
        type: 'HISTORY',
      }),
    ).toMatchObject({ expiresInDays: 30 });
  });
});
