import {
  type PatientChangeField,
  type PatientChangeValues,
  type PatientDetailsState,
  requiredPatientFields,
} from '@portal/contract';

/** The form's values: text as typed, an option's id as its select's value ('' for none). */
export type DetailsForm = Partial<Record<PatientChangeField, string>>;

export const optionFields: ReadonlySet<PatientChangeField> = new Set([
  'ethnicityId',
  'insuranceTypeId',
]);

/** The longest value each text field takes (the contract's limits). */
export const fieldMaxLength: Record<PatientChangeField, number> = {
  title: 20,
  firstName: 80,
  lastName: 80,
  email: 254,
  contactNumber: 20,
  streetAddress: 120,
  suburb: 60,
  state: 30,
  postalCode: 10,
  medicareNumber: 20,
  ethnicityId: 10,
  insuranceTypeId: 10,
  insuranceNumber: 30,
  validationCode: 40,
};

/** The record's current values as the form shows them. */
export function currentForm(state: PatientDetailsState): DetailsForm {
  const details = state.patientChangeDetails;
  const form: DetailsForm = {};
  for (const field of details.changeableFields) {
    const value = details.values[field];
    form[field] = value === null || value === undefined ? '' : String(value);
  }
  return form;
}

/**
 * The form's first values: the current ones, with the insurance type a questionnaire answer
 * named (issue 5's insuranceTypeId) where the record has none, so sending asks for it.
 */
export function prefilledForm(state: PatientDetailsState): DetailsForm {
  const form = currentForm(state);
  const suggested = state.patientChangeDetails.suggestedInsuranceTypeId;
  if (suggested !== null && form.insuranceTypeId === '') form.insuranceTypeId = String(suggested);
  return form;
}

const asValue = (field: PatientChangeField, text: string) => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return optionFields.has(field) ? Number(trimmed) : trimmed;
};

/** Only what differs from the record: the request's `changes`. */
export function changedValues(state: PatientDetailsState, form: DetailsForm): PatientChangeValues {
  const current = currentForm(state);
  const changes: Record<string, string | number | null> = {};
  for (const field of state.patientChangeDetails.changeableFields) {
    const before = asValue(field, current[field] ?? '');
    const after = asValue(field, form[field] ?? '');
    if (before !== after) changes[field] = after;
  }
  return changes as PatientChangeValues;
}

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const phonePattern = /^\+?\d{8,15}$/;

/** Each field's problem as a translation key, as the booking form checks them. */
export function formErrors(
  state: PatientDetailsState,
  form: DetailsForm,
): Partial<Record<PatientChangeField, string>> {
  const errors: Partial<Record<PatientChangeField, string>> = {};
  const required = new Set([
    ...requiredPatientFields,
    ...state.patientChangeDetails.requiredFields,
  ]);
  for (const field of state.patientChangeDetails.changeableFields) {
    const value = (form[field] ?? '').trim();
    if (value === '') {
      if (required.has(field)) errors[field] = 'patient_details.error.required';
      continue;
    }
    if (field === 'email' && !emailPattern.test(value)) {
      errors[field] = 'patient_details.error.email';
    }
    if (field === 'contactNumber' && !phonePattern.test(value.replace(/[\s()-]/g, ''))) {
      errors[field] = 'patient_details.error.phone';
    }
    if (field === 'postalCode' && value.length < 3)
      errors[field] = 'patient_details.error.postcode';
  }
  return errors;
}
