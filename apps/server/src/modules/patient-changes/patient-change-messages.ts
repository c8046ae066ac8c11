import type { PatientChangeField, SupportedLocale } from '@portal/contract';
import { escapeHtml } from '../../escape-html.ts';
import { messageText, type NewOutboxMessage } from '../notifications/index.ts';

/**
 * The patient's e-mail when the provider decides a request: which fields (never their values:
 * an e-mail is not a safe place for them), the provider's note on a rejection, and where to
 * look. Sent to every address involved, so a changed e-mail address is told at both ends.
 */
export function decisionMessages(
  locale: SupportedLocale,
  decision: {
    providerName: string;
    firstName: string;
    recipients: string[];
    accepted: boolean;
    fields: PatientChangeField[];
    note: string | null;
  },
): NewOutboxMessage[] {
  const t = messageText(locale);
  // Field names in the patient's words (the values never travel in the e-mail).
  const fields = decision.fields.map((field) => t(`patient_change.fields.${field}`)).join(', ');
  const outcome = decision.accepted ? 'accepted' : 'rejected';
  const subject = `${decision.providerName}: ${t(`patient_change.subject_${outcome}`)}`;
  const lines = [
    t('common.greeting', { firstName: decision.firstName }),
    '',
    t(`patient_change.${outcome}`, { fields }),
    ...(decision.note ? ['', decision.note] : []),
    '',
    t(`patient_change.${outcome}_advice`),
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
