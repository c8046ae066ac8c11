import { clinicWallTime } from '../booking/index.ts';
import type { NewOutboxMessage } from '../notifications/index.ts';

/**
 * The e-mail a patient gets when they sign a form whose notifyPatient is set: which form,
 * when, and the signature's reference (the start of its hash), with a link to the appointment
 * page, where the signed form can be read after signing in. The answers are not in it:
 * e-mail is not where patient answers travel.
 */
export function signedNotice(input: {
  to: string;
  formTitle: string;
  examName: string;
  signedAt: Date;
  timeZone: string;
  reference: string;
  pageUrl: string;
  providerName: string;
}): NewOutboxMessage {
  const when = clinicWallTime(input.signedAt, input.timeZone);
  return {
    channel: 'EMAIL',
    template: 'consent-form-signed',
    recipient: input.to,
    subject: `You signed "${input.formTitle}"`,
    bodyText: [
      `You signed the consent form "${input.formTitle}" for your ${input.examName} on ${when}.`,
      `Signature reference: ${input.reference}`,
      '',
      `You can read the signed form on your appointment page after signing in: ${input.pageUrl}`,
      '',
      `If you did not sign it, please call the clinic. ${input.providerName}`,
    ].join('\n'),
    bodyHtml: null,
  };
}
