import type { PatientChangeField, PatientFieldValue } from '@portal/contract';
import { patientChangeFields } from '@portal/contract';

/** The patients column behind each changeable field (migrations 003 and 019). */
export const patientFieldColumns = {
  title: 'title',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  contactNumber: 'contact_number',
  streetAddress: 'street_address',
  suburb: 'suburb',
  state: 'state',
  postalCode: 'postal_code',
  medicareNumber: 'medicare_number',
  ethnicityId: 'ethnicity_id',
  insuranceTypeId: 'insurance_type_id',
  insuranceNumber: 'insurance_number',
  validationCode: 'validation_code',
} as const satisfies Record<PatientChangeField, string>;

export type PatientFieldColumn = (typeof patientFieldColumns)[PatientChangeField];

/** Every changeable field's current value on one patient record. */
export type PatientValues = Record<PatientChangeField, PatientFieldValue>;

/** A patient record as this module sees it: who it is, and the values a request may change. */
export interface PatientRecord {
  id: string;
  firstName: string;
  lastName: string;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string;
  email: string;
  values: PatientValues;
}

/** A row's columns as the changeable fields' values. */
export function valuesOfRow(
  row: Record<PatientFieldColumn, string | number | null>,
): PatientValues {
  const values = {} as PatientValues;
  for (const field of patientChangeFields) values[field] = row[patientFieldColumns[field]] ?? null;
  return values;
}

/** Two values are the same when equal as stored (an empty text is no value). */
export function sameValue(a: PatientFieldValue | undefined, b: PatientFieldValue | undefined) {
  const norm = (value: PatientFieldValue | undefined) =>
    value === '' || value === undefined ? null : value;
  return norm(a) === norm(b);
}
