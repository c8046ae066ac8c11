import type { SupportedLocale } from '@portal/contract';
import { escapeHtml } from '../../escape-html.ts';
import { messageDay, messageText, type NewOutboxMessage } from '../notifications/index.ts';

/**
 * The link to a shared result or history, to the recipient. It names the patient by first
 * name only and holds no result: the link asks for the patient's date of birth and then a
 * code sent to this same contact.
 */
export function shareLinkMessage(
  locale: SupportedLocale,
  input: {
    channel: 'EMAIL' | 'SMS';
    recipient: string;
    recipientName: string | null;
    providerName: string;
    patientFirstName: string;
    type: 'RESULT' | 'HISTORY';
    note: string | null;
    link: string;
    expiresAt: Date;
  },
): NewOutboxMessage {
  const t = messageText(locale);
  const { providerName, link } = input;
  const patient = input.patientFirstName;
  const day = messageDay(locale, input.expiresAt);
  const what = input.type === 'RESULT' ? 'result' : 'history';
  if (input.channel === 'SMS') {
    return {
      channel: 'SMS',
      template: 'RESULT_SHARE_LINK',
      recipient: input.recipient,
      subject: null,
      bodyText: t(`result_share_link.sms_${what}`, { patient, providerName, link, day }),
      bodyHtml: null,
    };
  }
  const greeting = input.recipientName
    ? t('common.greeting_named', { name: input.recipientName })
    : t('common.greeting_anonymous');
  const intro = t(`result_share_link.intro_${what}`, { patient, providerName });
  const lines = [
    greeting,
    '',
    intro,
    ...(input.note ? ['', t('result_share_link.note', { note: input.note })] : []),
    '',
    t('result_share_link.open_text', { link }),
    t('result_share_link.expiry', { day, patient }),
    '',
    t('result_share_link.ignore'),
    '',
    providerName,
  ];
  return {
    channel: 'EMAIL',
    template: 'RESULT_SHARE_LINK',
    recipient: input.recipient,
    subject: `${providerName}: ${t(`result_share_link.subject_${what}`, { patient })}`,
    bodyText: lines.join('\n'),
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...(input.note ? [`<p>${t.html('result_share_link.note', { note: input.note })}</p>`] : []),
      `<p><a href="${escapeHtml(link)}">${t.html(`result_share_link.open_link_${what}`)}</a></p>`,
      `<p>${t.html('result_share_link.expiry', { day, patient })}</p>`,
      `<p>${t.html('result_share_link.ignore')}</p>`,
      `<p>${escapeHtml(providerName)}</p>`,
    ].join('\n'),
  };
}

/** To the patient: someone opened what they shared (at most one per share in a while). */
export function shareAccessNotice(
  locale: SupportedLocale,
  input: {
    recipient: string;
    providerName: string;
    firstName: string;
    sharedWith: string;
    at: Date;
  },
): NewOutboxMessage {
  const t = messageText(locale);
  const when = input.at.toISOString().replace('T', ' ').slice(0, 16);
  const greeting = t('common.greeting', { firstName: input.firstName });
  const text = t('result_share_accessed.opened', { sharedWith: input.sharedWith, when });
  const advice = t('result_share_accessed.advice');
  return {
    channel: 'EMAIL',
    template: 'RESULT_SHARE_ACCESSED',
    recipient: input.recipient,
    subject: `${input.providerName}: ${t('result_share_accessed.subject')}`,
    bodyText: [greeting, '', text, '', advice, '', input.providerName].join('\n'),
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(text)}</p>`,
      `<p>${escapeHtml(advice)}</p>`,
      `<p>${escapeHtml(input.providerName)}</p>`,
    ].join('\n'),
  };
}

/**
 * To the patient when the provider first releases a report: where to read it. It holds no
 * result: the link asks for the date of birth (and the OTP where the provider uses them).
 */
export function resultReadyMessage(
  locale: SupportedLocale,
  input: {
    recipient: string;
    providerName: string;
    firstName: string;
    examName: string;
    link: string;
  },
): NewOutboxMessage {
  const t = messageText(locale);
  const greeting = t('common.greeting', { firstName: input.firstName });
  const text = t('result_released.ready', { exam: input.examName });
  const readLink = {
    html: `<a href="${escapeHtml(input.link)}">${t.html('result_released.link')}</a>`,
  };
  return {
    channel: 'EMAIL',
    template: 'RESULT_RELEASED',
    recipient: input.recipient,
    subject: `${input.providerName}: ${t('result_released.subject')}`,
    bodyText: [
      greeting,
      '',
      text,
      t('result_released.how_text', { link: input.link }),
      '',
      input.providerName,
    ].join('\n'),
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(text)}</p>`,
      `<p>${t.html('result_released.how_html', { link: readLink })}</p>`,
      `<p>${escapeHtml(input.providerName)}</p>`,
    ].join('\n'),
  };
}
