import {
  normalizeSharePhone,
  type ShareRequest,
  shareContactNameMaxLength,
  shareContactType,
  shareNoteDefaultMaxLength,
} from '@portal/contract';

/**
 * The share results modal's create form (spec 2 §3 share request, §5 share contact, §9 note),
 * apart from React so its rules are easy to test. The contact rules themselves are the
 * contract's (`shareContactType`), the ones the server applies again.
 */

/** What the patient typed (expiresInDays: chosen from `expiryChoices`). */
export interface ShareFormValues {
  contact: string;
  contactName: string;
  note: string;
  expiresInDays?: number | undefined;
}

/** The provider's sharing settings the form obeys (config/patient-portal.json, `results`). */
export interface ShareRules {
  /** Whether a mobile number may be given instead of an e-mail address. */
  smsEnabled: boolean;
  noteMaxLength: number;
  expiryDefaultDays?: number;
  expiryMaxDays?: number;
}

export const defaultShareRules: ShareRules = {
  smsEnabled: false,
  noteMaxLength: shareNoteDefaultMaxLength,
};

/** The share rules from the public configuration's `results` block (defaults until it loads). */
export function shareRulesOf(
  results:
    | {
        shareBySmsEnabled: boolean;
        shareNoteMaxLength: number;
        shareExpiryDefaultDays: number;
        shareExpiryMaxDays: number;
      }
    | undefined,
): ShareRules {
  if (!results) return defaultShareRules;
  return {
    smsEnabled: results.shareBySmsEnabled,
    noteMaxLength: results.shareNoteMaxLength,
    expiryDefaultDays: results.shareExpiryDefaultDays,
    expiryMaxDays: results.shareExpiryMaxDays,
  };
}

/**
 * The lengths of access a patient may pick: a few usual ones up to the provider's maximum, and
 * the provider's default among them. Empty until the configuration says (the server's default
 * then applies).
 */
export function expiryChoices(rules: ShareRules): number[] {
  const { expiryDefaultDays, expiryMaxDays } = rules;
  if (!expiryDefaultDays || !expiryMaxDays) return [];
  const usual = [1, 7, 14, 30, 90, 365].filter((days) => days <= expiryMaxDays);
  return [...new Set([...usual, Math.min(expiryDefaultDays, expiryMaxDays), expiryMaxDays])].sort(
    (a, b) => a - b,
  );
}

/** Each field's problem, as a translation key; a field without one is valid. */
export type ShareFormErrors = Partial<Record<'contact' | 'contactName' | 'note', string>>;

/** What is shared: one result (its appointment) or the patient's whole history. */
export type ShareSubject = { type: 'RESULT'; appointmentId: string } | { type: 'HISTORY' };

/** The characters the note may still take (negative when over). */
export const noteCharactersLeft = (note: string, rules: ShareRules) =>
  rules.noteMaxLength - note.length;

/**
 * The form's problems (spec 2 §5): the contact is required and must be a valid e-mail; with SMS
 * enabled it may be a phone number instead (optional + then 9 to 15 digits), and being neither is
 * `form.invalid_contact_details`. Without SMS the error asks for an e-mail address only. A
 * ten-digit number is never taken for an e-mail. The note may not pass its maximum.
 */
export function shareFormErrors(values: ShareFormValues, rules: ShareRules): ShareFormErrors {
  const errors: ShareFormErrors = {};
  if (values.contact.trim() === '') {
    errors.contact = rules.smsEnabled
      ? 'results.share.errors.contact_required'
      : 'results.share.errors.email_required';
  } else if (shareContactType(values.contact, rules.smsEnabled) === null) {
    errors.contact = rules.smsEnabled
      ? 'form.invalid_contact_details'
      : 'results.share.errors.email_invalid';
  }
  if (values.contactName.trim().length > shareContactNameMaxLength) {
    errors.contactName = 'results.share.errors.contact_name_too_long';
  }
  if (noteCharactersLeft(values.note, rules) < 0)
    errors.note = 'results.share.errors.note_too_long';
  return errors;
}

export const hasShareFormErrors = (errors: ShareFormErrors) => Object.keys(errors).length > 0;

/**
 * The request for valid values (null while any is invalid): an e-mail typed EMAIL, anything
 * else PHONE, written as digits (and a leading +); empty optional fields left out.
 */
export function shareRequestOf(
  values: ShareFormValues,
  rules: ShareRules,
  subject: ShareSubject,
): ShareRequest | null {
  if (hasShareFormErrors(shareFormErrors(values, rules))) return null;
  const contactDetailsType = shareContactType(values.contact, rules.smsEnabled);
  if (!contactDetailsType) return null;
  const contact = values.contact.trim();
  const contactName = values.contactName.trim();
  const note = values.note.trim();
  return {
    contactDetails: contactDetailsType === 'EMAIL' ? contact : normalizeSharePhone(contact),
    contactDetailsType,
    ...(contactName ? { contactName } : {}),
    ...(note ? { note } : {}),
    type: subject.type,
    ...(subject.type === 'RESULT' ? { appointmentId: subject.appointmentId } : {}),
    ...(values.expiresInDays ? { expiresInDays: values.expiresInDays } : {}),
  };
}
