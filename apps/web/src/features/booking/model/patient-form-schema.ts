import { type ProcessedOutcome, patientDetailsSchema } from '@portal/contract';
import { z } from 'zod';
import { dateOfBirthProblem } from '../../../components/ui/date-of-birth.ts';

/**
 * The patient form's rules (docs/product/booking.md#patient-form): the contract's
 * patientDetailsSchema and the notes.
 */
const formSchema = patientDetailsSchema.extend({
  // Same YYYY-MM-DD as the contract, but each refusal says which rule failed (its translation key).
  dateOfBirth: z.string().superRefine((value, context) => {
    const problem = dateOfBirthProblem(value);
    if (problem)
      context.addIssue({ code: 'custom', message: `form.date_of_birth.errors.${problem}` });
  }),
  patientNotes: z.string().trim().max(1000).optional(),
});
export type PatientFormInput = z.input<typeof formSchema>;
export type PatientFormOutput = z.output<typeof formSchema>;

/** A Medicare card number: 10 digits, or 11 with the patient's reference number; spaces allowed. */
const medicareNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{10,11}$/));
// When an answer says a Medicare card will be used, its number is part of the booking.
const withMedicareSchema = formSchema.extend({ medicareNumber: medicareNumberSchema });

/** The schema the form is checked against, with the Medicare number when an answer asks for it. */
export function patientFormSchema(medicareRequired: boolean) {
  return medicareRequired ? withMedicareSchema : formSchema;
}

/**
 * What the questionnaire answers ask of this form (docs/product/questionnaires.md#outcomes), as the
 * server evaluated them.
 */
export type FormOutcome = Pick<
  ProcessedOutcome,
  'medicareNumberRequired' | 'documentTypeId' | 'walkInExamName' | 'prepTime' | 'minutesPrior'
>;

/** The fields in the order the form shows them, which the error summary follows. */
export const fieldOrder = [
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'sex',
  'email',
  'contactNumber',
  'postalCode',
  'medicareNumber',
  'patientNotes',
] as const;
export type FieldName = (typeof fieldOrder)[number];

export const titles = ['MR', 'MRS', 'MS', 'MISS', 'DR', 'MX'] as const;

/**
 * The translation key of a field's error: the date of birth says which rule failed (a custom
 * issue carries its key), every other field has one message.
 */
export function errorKeyOf(name: FieldName, message: string | undefined): string {
  return name === 'dateOfBirth' && message?.startsWith('form.date_of_birth.')
    ? message
    : `booking.form.errors.${name}`;
}

/** The patient's details as the booking sends them: no empty title, the Medicare number only when asked for. */
export function bookingDetailsOf(values: PatientFormOutput, medicareRequired: boolean) {
  const { patientNotes, ...patientDetails } = values;
  if (!patientDetails.title) delete patientDetails.title;
  if (!medicareRequired || !patientDetails.medicareNumber) delete patientDetails.medicareNumber;
  return { patientDetails, patientNotes: patientNotes || undefined };
}
