import type { SupportedLocale } from '@portal/contract';
import { clinicWallTime } from '../booking/index.ts';
import { messageText, type NewOutboxMessage } from '../notifications/index.ts';

/**
 * The e-mail a patient gets when they sign a form whose notifyPatient is set: which form,
 * when, and the signature's reference (the start of its hash), with a link to the appointment
 * page, where the signed form can be read after signing in. The answers are not in it:
 * e-mail is not where patient answers travel.
 */
export function signedNotice(
  locale: SupportedLocale,
  input: {
    to: string;
    formTitle: string;
    examName: string;
    signedAt: Date;
    timeZone: string;
    reference: string;
    pageUrl: string;
    providerName: string;
  },
): NewOutboxMessage {
  const t = messageText(locale);
  const when = clinicWallTime(input.signedAt, input.timeZone);
  return {
    channel: 'EMAIL',
    template: 'consent-form-signed',
    recipient: input.to,
    subject: t('consent_form_signed.subject', { form: input.formTitle }),
    bodyText: [
      t('consent_form_signed.signed', { form: input.formTitle, exam: input.examName, when }),
      t('consent_form_signed.reference', { reference: input.reference }),
      '',
      t('consent_form_signed.read', { link: input.pageUrl }),
      '',
      t('consent_form_signed.not_you', { providerName: input.providerName }),
    ].join('\n'),
    bodyHtml: null,
  };
}
