import type { DoctorSearchResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  type CheckInFormValues,
  doctorSearchText,
  toCheckInForm,
  validateCheckInForm,
} from './check-in-form.ts';

const doctor: DoctorSearchResult = {
  id: '3f8e2a8c-1d1b-4c9a-8e8e-0d5d1a2b3c4d',
  firstName: 'Anna',
  lastName: 'Nguyen',
  providerNumber: '2426621B',
  practiceName: 'Harbour Medical',
  city: { name: 'Sydney' },
  postalCode: { code: '2000' },
};

const valid: CheckInFormValues = {
  referrer: doctor,
  dateOfReferral: '2031-05-01',
  medicareNumber: '2123 45670 1',
  referenceNumber: '1',
  gender: null,
};
const rules = { showGenderSelection: false, today: '2031-05-06' };

describe('check-in form rules', () => {
  it('accepts a complete form and sends the Medicare number without spaces and the IRN as a number', () => {
    expect(validateCheckInForm(valid, rules)).toEqual({});
    expect(toCheckInForm(valid, false)).toEqual({
      referrer: doctor.id,
      dateOfReferral: '2031-05-01',
      medicareNumber: '2123456701',
      referenceNumber: 1,
      gender: null,
    });
  });

  it('requires each field, refuses a referral dated after today and a wrong check digit', () => {
    expect(
      validateCheckInForm(
        {
          referrer: null,
          dateOfReferral: '',
          medicareNumber: '',
          referenceNumber: '',
          gender: null,
        },
        rules,
      ),
    ).toEqual({
      referrer: 'check_in.form.referrer_required',
      dateOfReferral: 'check_in.form.date_required',
      medicareNumber: 'check_in.form.medicare_required',
      referenceNumber: 'check_in.form.irn_required',
    });
    expect(validateCheckInForm({ ...valid, dateOfReferral: '2031-05-07' }, rules)).toEqual({
      dateOfReferral: 'check_in.form.date_future',
    });
    expect(validateCheckInForm({ ...valid, dateOfReferral: '2031-05-06' }, rules)).toEqual({});
    expect(validateCheckInForm({ ...valid, medicareNumber: '2123456711' }, rules)).toEqual({
      medicareNumber: 'check_in.form.medicare_invalid',
    });
    expect(validateCheckInForm({ ...valid, medicareNumber: '2123456700' }, rules)).toEqual({
      medicareNumber: 'check_in.form.medicare_invalid',
    });
    for (const irn of ['0', '10', 'a']) {
      expect(validateCheckInForm({ ...valid, referenceNumber: irn }, rules)).toEqual({
        referenceNumber: 'check_in.form.irn_invalid',
      });
    }
  });

  it('requires a gender only when the provider asks for it', () => {
    expect(validateCheckInForm(valid, { ...rules, showGenderSelection: true })).toEqual({
      gender: 'check_in.form.gender_required',
    });
    const withGender = { ...valid, gender: 'OTHER' as const };
    expect(validateCheckInForm(withGender, { ...rules, showGenderSelection: true })).toEqual({});
    expect(toCheckInForm(withGender, false).gender).toBeNull();
  });

  it('searches only more than 2 characters, trimmed and lowercased', () => {
    expect(doctorSearchText('Ng')).toBeNull();
    expect(doctorSearchText('  ng ')).toBeNull();
    expect(doctorSearchText('NGU')).toBe('ngu');
  });
});
