import { describe, expect, it } from 'vitest';
import { dateOfBirthProblem } from '../../../components/ui/date-of-birth.ts';
import {
  historyPageUrl,
  type PatientMatchValues,
  patientMatchProblems,
  patientMatchRequestOf,
} from './patient-match.ts';

const values = (overrides: Partial<PatientMatchValues>): PatientMatchValues => ({
  dateOfBirth: '1984-03-09',
  channel: 'EMAIL',
  contact: 'alex@example.com',
  ...overrides,
});
const dateProblem = (value: string) => dateOfBirthProblem(value, '2026-11-26');

describe('patient match form', () => {
  it('sends the date of birth with the e-mail address for EMAIL', () => {
    expect(patientMatchRequestOf(values({ contact: ' alex@example.com ' }), dateProblem)).toEqual({
      dateOfBirth: '1984-03-09',
      email: 'alex@example.com',
      otpType: 'EMAIL',
    });
  });

  it('sends the mobile number as digits for SMS', () => {
    expect(
      patientMatchRequestOf(values({ channel: 'SMS', contact: '0412 345 678' }), dateProblem),
    ).toEqual({ dateOfBirth: '1984-03-09', contactNumber: '0412345678', otpType: 'SMS' });
  });

  it('names what is missing or wrong', () => {
    expect(patientMatchProblems(values({ dateOfBirth: '' }), dateProblem)).toEqual({
      dateOfBirth: 'required',
    });
    expect(patientMatchProblems(values({ dateOfBirth: '2030-01-01' }), dateProblem)).toEqual({
      dateOfBirth: 'future',
    });
    expect(patientMatchProblems(values({ contact: '' }), dateProblem).contact).toBe(
      'results.match.errors.email_required',
    );
    expect(patientMatchProblems(values({ contact: '0412345678' }), dateProblem).contact).toBe(
      'results.match.errors.email_invalid',
    );
    expect(patientMatchProblems(values({ channel: 'SMS', contact: '' }), dateProblem).contact).toBe(
      'results.match.errors.mobile_required',
    );
    expect(
      patientMatchProblems(values({ channel: 'SMS', contact: 'alex@example.com' }), dateProblem)
        .contact,
    ).toBe('results.match.errors.mobile_invalid');
    expect(patientMatchRequestOf(values({ contact: 'x' }), dateProblem)).toBeNull();
  });

  it('goes to the history page with dateOfBirth and otpType (spec 2 §2)', () => {
    expect(
      historyPageUrl('h'.repeat(32), { dateOfBirth: '1984-03-09', otpType: 'SMS' }, false),
    ).toBe(`/appointments/${'h'.repeat(32)}/result/patient?dateOfBirth=1984-03-09&otpType=SMS`);
    expect(
      historyPageUrl('k', { dateOfBirth: '1984-03-09', otpType: 'EMAIL' }, true).startsWith(
        '/iframe/appointments/k/result/patient?',
      ),
    ).toBe(true);
  });
});
