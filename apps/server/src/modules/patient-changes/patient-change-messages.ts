import type { PatientChangeField } from '@portal/contract';
import type { NewOutboxMessage } from '../notifications/index.ts';

/** Plain-English field names for the e-mail (the values never travel in it). */
const fieldNames: Record<PatientChangeField, string> = {
  title: 'title',
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail address',
  contactNumber: 'phone number',
  streetAddress: 'street address',
  suburb: 'suburb',
  state: 'state',
  postalCode: 'postcode',
  medicareNumber: 'Medicare number',
  ethnicityId: 'ethnicity',
  insuranceTypeId: 'insurance type',
  insuranceNumber: 'insurance number',
  validationCode: 'validation code',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The patient's e-mail when the provider decides a request: which fields (never their values:
 * an e-mail is not a safe place for them), the provider's note on a rejection, and where to
 * look. Sent to every address involved, so a changed e-mail address is told at both ends.
 */
export function decisionMessages(decision: {
  providerName: string;
  firstName: string;
  recipients: string[];
  accepted: boolean;
  fields: PatientChangeField[];
  note: string | null;
}): NewOutboxMessage[] {
  const list = decision.fields.map((field) => fieldNames[field]).join(', ');
  const subject = `${decision.providerName}: ${
    decision.accepted ? 'Your details were updated' : 'Your details change request was not accepted'
  }`;
  const lines = [
    `Hello ${decision.firstName},`,
    '',
    decision.accepted
      ? `We have updated your details as you asked (${list}).`
      : `We could not make the change to your details you asked for (${list}).`,
    ...(decision.note ? ['', decision.note] : []),
    '',
    decision.accepted
      ? 'If you did not ask for this change, please call the clinic.'
      : 'Please call the clinic if you would like to talk about it.',
    '',
    decision.providerName,
  ];
  const html = lines
    .filter((line, index) => line !== '' || index === 0)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  return [...new Set(decision.recipients)].map((recipient) => ({
    channel: 'EMAIL' as const,
    template: decision.accepted ? 'PATIENT_CHANGE_ACCEPTED' : 'PATIENT_CHANGE_REJECTED',
    recipient,
    subject,
    bodyText: lines.join('\n'),
    bodyHtml: html,
  }));
}
