/**
 * Patient detail change requests' names and codes without zod (docs/product/patient-detail-changes.md),
 * so the web app's details card takes them without the schema library.
 */

/**
 * The fields a patient may ask to change, in the form's order. Date of birth and sex are not
 * among them: the date of birth is the patient's sign-in proof, and both are checked by the
 * clinic in person (decision 025).
 */
export const patientChangeFields = [
  'title',
  'firstName',
  'lastName',
  'email',
  'contactNumber',
  'streetAddress',
  'suburb',
  'state',
  'postalCode',
  'medicareNumber',
  'ethnicityId',
  'insuranceTypeId',
  'insuranceNumber',
  'validationCode',
] as const;
export type PatientChangeField = (typeof patientChangeFields)[number];

/** Fields every patient record has: a request may change them but never clear them. */
export const requiredPatientFields: readonly PatientChangeField[] = [
  'firstName',
  'lastName',
  'email',
  'contactNumber',
  'postalCode',
];

export const patientChangeOrigins = ['BOOKING_REQUEST', 'APPOINTMENT', 'CONFIRMATION'] as const;
export const patientChangeStatuses = [
  'PENDING',
  'ACCEPTED',
  'REJECTED',
  'WITHDRAWN',
  'EXPIRED',
] as const;
export type PatientChangeOrigin = (typeof patientChangeOrigins)[number];
export type PatientChangeStatus = (typeof patientChangeStatuses)[number];

/** Error codes of change requests: translation keys the web app shows (spec 2 §8). */
export const patientChangeErrorCodes = {
  noChanges: 'patient_details.error.no_changes',
  requestPending: 'patient_details.error.request_pending',
  fieldNotChangeable: 'patient_details.error.field_not_changeable',
  unknownOption: 'patient_details.error.unknown_option',
  fieldRequired: 'patient_details.error.field_required',
  notPending: 'patient_details.error.not_pending',
  /** Provider side: the record no longer holds the request's old values. */
  stale: 'CONFLICT',
} as const;
