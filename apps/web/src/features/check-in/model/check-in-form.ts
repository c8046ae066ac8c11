import {
  type CheckInForm,
  type checkInGenders,
  type DoctorSearchResult,
  doctorSearchMinLength,
  isValidMedicareIrn,
  isValidMedicareNumber,
} from '@portal/contract';

/** What the form holds while the patient fills it in. */
export interface CheckInFormValues {
  referrer: DoctorSearchResult | null;
  dateOfReferral: string;
  medicareNumber: string;
  referenceNumber: string;
  gender: (typeof checkInGenders)[number] | null;
}

export type CheckInFormErrors = Partial<Record<keyof CheckInFormValues, string>>;

export const emptyCheckInForm = (medicareNumber: string | null): CheckInFormValues => ({
  referrer: null,
  dateOfReferral: '',
  medicareNumber: medicareNumber ?? '',
  referenceNumber: '',
  gender: null,
});

/**
 * The form's rules (spec 2 §5): each error is a translation key. The Medicare number's check
 * digit is checked, but the message does not explain the rule (the spec keeps it unshown).
 * `today` is the clinic's date (YYYY-MM-DD): a referral cannot be dated after it.
 */
export function validateCheckInForm(
  values: CheckInFormValues,
  { showGenderSelection, today }: { showGenderSelection: boolean; today: string },
): CheckInFormErrors {
  const errors: CheckInFormErrors = {};
  if (!values.referrer) errors.referrer = 'check_in.form.referrer_required';
  if (!values.dateOfReferral) errors.dateOfReferral = 'check_in.form.date_required';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.dateOfReferral))
    errors.dateOfReferral = 'check_in.form.date_invalid';
  else if (values.dateOfReferral > today) errors.dateOfReferral = 'check_in.form.date_future';
  const medicare = values.medicareNumber.replace(/\s+/g, '');
  if (!medicare) errors.medicareNumber = 'check_in.form.medicare_required';
  else if (!isValidMedicareNumber(medicare))
    errors.medicareNumber = 'check_in.form.medicare_invalid';
  if (!values.referenceNumber) errors.referenceNumber = 'check_in.form.irn_required';
  else if (!isValidMedicareIrn(values.referenceNumber))
    errors.referenceNumber = 'check_in.form.irn_invalid';
  if (showGenderSelection && !values.gender) errors.gender = 'check_in.form.gender_required';
  return errors;
}

/** The POST's form from valid values. */
export function toCheckInForm(
  values: CheckInFormValues,
  showGenderSelection: boolean,
): CheckInForm {
  return {
    referrer: values.referrer?.id ?? '',
    dateOfReferral: values.dateOfReferral,
    medicareNumber: values.medicareNumber.replace(/\s+/g, ''),
    referenceNumber: Number(values.referenceNumber),
    gender: showGenderSelection ? values.gender : null,
  };
}

/** The search text as sent: trimmed and lowercased; null while too short to search. */
export function doctorSearchText(typed: string): string | null {
  const text = typed.trim().toLowerCase();
  return text.length >= doctorSearchMinLength ? text : null;
}

/** The search's pause after the last key, before it asks the server. */
export const doctorSearchDelayMs = 200;

/** A doctor as the option reads: name, practice, city, postcode. */
export const doctorLabel = (doctor: DoctorSearchResult) =>
  [
    `${doctor.firstName} ${doctor.lastName}`,
    doctor.practiceName,
    doctor.city.name,
    doctor.postalCode.code,
  ]
    .filter(Boolean)
    .join(', ');
