import type { AppointmentConsentForm } from '@portal/contract';

/** Identifies one appointment's form (a form can be needed by several appointments of a key). */
export const consentEntryKey = (
  form: Pick<AppointmentConsentForm, 'appointmentId' | 'consentFormId'>,
) => `${form.appointmentId}:${form.consentFormId}`;

export const unsignedOf = (forms: readonly AppointmentConsentForm[]) =>
  forms.filter((form) => form.status === 'TO_SIGN');

/**
 * The translation key for a refused signature: the server's code when the locale files name it
 * (consent_forms.errors.<CODE>), else the general one.
 */
const knownCodes = new Set([
  'CONSENT_FORM_INVALID_ANSWERS',
  'CONSENT_FORM_UNKNOWN',
  'CONSENT_FORM_VERSION_CHANGED',
  'CONSENT_FORM_ALREADY_SIGNED',
  'CONSENT_FORM_APPOINTMENT_NOT_ACTIVE',
]);

export function signErrorKey(code: string | undefined): string {
  return code && knownCodes.has(code)
    ? `consent_forms.errors.${code}`
    : 'consent_forms.errors.general';
}
