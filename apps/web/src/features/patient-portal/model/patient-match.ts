import {
  normalizeSharePhone,
  type PatientMatchRequest,
  shareEmailPattern,
  sharePhonePattern,
} from '@portal/contract';

/**
 * The patient match form's rules (spec 2 §3: dateOfBirth and an e-mail or SMS contact), apart
 * from React. The date's own rules are the shared date-of-birth field's, passed in so this module
 * stays free of the UI folder.
 */

/** Where the security code of the history page's sign-in goes: otpType. */
export type MatchChannel = 'EMAIL' | 'SMS';

export interface PatientMatchValues {
  dateOfBirth: string;
  channel: MatchChannel;
  contact: string;
}

export interface PatientMatchProblems {
  /** A form.date_of_birth.errors.* name. */
  dateOfBirth?: string;
  /** A translation key. */
  contact?: string;
}

type DateProblem = (value: string) => string | null;

export function patientMatchProblems(
  values: PatientMatchValues,
  dateProblem: DateProblem,
): PatientMatchProblems {
  const problems: PatientMatchProblems = {};
  const date = dateProblem(values.dateOfBirth);
  if (date) problems.dateOfBirth = date;
  const contact = values.contact.trim();
  if (contact === '') {
    problems.contact =
      values.channel === 'EMAIL'
        ? 'results.match.errors.email_required'
        : 'results.match.errors.mobile_required';
  } else if (values.channel === 'EMAIL' && !shareEmailPattern.test(contact)) {
    problems.contact = 'results.match.errors.email_invalid';
  } else if (values.channel === 'SMS' && !sharePhonePattern.test(normalizeSharePhone(contact))) {
    problems.contact = 'results.match.errors.mobile_invalid';
  }
  return problems;
}

/** The request for valid values: e-mail with EMAIL, the number as digits with SMS; else null. */
export function patientMatchRequestOf(
  values: PatientMatchValues,
  dateProblem: DateProblem,
): PatientMatchRequest | null {
  if (Object.keys(patientMatchProblems(values, dateProblem)).length > 0) return null;
  const contact = values.contact.trim();
  return values.channel === 'EMAIL'
    ? { dateOfBirth: values.dateOfBirth, email: contact, otpType: 'EMAIL' }
    : {
        dateOfBirth: values.dateOfBirth,
        contactNumber: normalizeSharePhone(contact),
        otpType: 'SMS',
      };
}

/**
 * The history page's address after a match (spec 2 §2): `/appointments/{historyAppointments}/
 * result/patient?dateOfBirth=&otpType=`, in the iframe shell when the page is embedded.
 */
export function historyPageUrl(
  historyKey: string,
  request: Pick<PatientMatchRequest, 'dateOfBirth' | 'otpType'>,
  iframe: boolean,
): string {
  const query = new URLSearchParams({ dateOfBirth: request.dateOfBirth, otpType: request.otpType });
  return `${iframe ? '/iframe' : ''}/appointments/${encodeURIComponent(historyKey)}/result/patient?${query.toString()}`;
}
