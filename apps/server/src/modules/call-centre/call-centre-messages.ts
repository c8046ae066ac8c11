import type { CallbackWindow, SupportedLocale } from '@portal/contract';
import { escapeHtml } from '../../escape-html.ts';
import { clinicWallTime } from '../booking/index.ts';
import { messageText, type NewOutboxMessage } from '../notifications/index.ts';
import type { BookingFacts } from './call-centre.repository.ts';

/**
 * The call centre's e-mail about a patient's message or callback request, and the patient's
 * acknowledgement (decision 044). What the patient typed is text: escaped in the HTML part,
 * as typed in the text part, never markup. The booking facts come from the server.
 */

export type CallCentreAsk =
  | { kind: 'MESSAGE'; topic: string; message: string }
  | {
      kind: 'CALLBACK';
      phone: string;
      windows: CallbackWindow[];
      timeZone: string;
      reason: string | null;
    };

interface Parts {
  providerName: string;
  callCentreEmail: string;
  facts: BookingFacts;
  ask: CallCentreAsk;
}

function bookingLines(facts: BookingFacts, noTime: string): string[] {
  return facts.items.map((item) =>
    [
      item.examName,
      item.clinicName,
      item.startsAt && item.timeZone
        ? clinicWallTime(item.startsAt, item.timeZone)
        : item.clinicName
          ? noTime
          : null,
    ]
      .filter(Boolean)
      .join(', '),
  );
}

/** The e-mail to the call centre, in the provider's language. */
export function callCentreMessage(locale: SupportedLocale, parts: Parts): NewOutboxMessage {
  const t = messageText(locale);
  const { facts, ask } = parts;
  const kind = ask.kind === 'MESSAGE' ? 'message' : 'callback';
  const head = [
    t(`call_centre.intro_${kind}`),
    '',
    t('call_centre.reference', { reference: facts.reference }),
    t('call_centre.record', { id: facts.recordId }),
    t('call_centre.patient', { name: `${facts.patient.firstName} ${facts.patient.lastName}` }),
    t('call_centre.contact', { email: facts.patient.email, phone: facts.patient.contactNumber }),
  ];
  const booking = bookingLines(facts, t('call_centre.no_time'));
  const asked =
    ask.kind === 'MESSAGE'
      ? [t('call_centre.topic', { topic: ask.topic }), '', t('call_centre.message_heading')]
      : [
          t('call_centre.phone', { phone: ask.phone }),
          t('call_centre.windows_heading', { timeZone: ask.timeZone }),
          ...ask.windows.map((w) => `- ${w.date} ${w.from}–${w.to}`),
          ...(ask.reason ? ['', t('call_centre.reason_heading')] : []),
        ];
  const typed = ask.kind === 'MESSAGE' ? ask.message : ask.reason;
  const text = [
    ...head,
    '',
    t('call_centre.booking_heading'),
    ...booking.map((line) => `- ${line}`),
    '',
    ...asked,
    ...(typed ? [typed] : []),
    '',
    parts.providerName,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    ...head.filter((line) => line !== '').map(paragraph),
    paragraph(t('call_centre.booking_heading')),
    `<ul>${booking.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    ...asked.filter((line) => line !== '').map(paragraph),
    ...(typed ? [`<pre style="white-space:pre-wrap">${escapeHtml(typed)}</pre>`] : []),
    paragraph(parts.providerName),
  ].join('\n');
  return {
    channel: 'EMAIL',
    template: ask.kind === 'MESSAGE' ? 'CALL_CENTRE_MESSAGE' : 'CALLBACK_REQUEST',
    recipient: parts.callCentreEmail,
    subject: `${parts.providerName}: ${t(`call_centre.subject_${kind}`, { reference: facts.reference })}`,
    bodyText: text,
    bodyHtml: html,
  };
}

/** The patient's acknowledgement, in their language (decision 035). */
export function acknowledgementMessage(
  locale: SupportedLocale,
  parts: Omit<Parts, 'callCentreEmail'>,
): NewOutboxMessage {
  const t = messageText(locale);
  const kind = parts.ask.kind === 'MESSAGE' ? 'message' : 'callback';
  const phone = parts.ask.kind === 'CALLBACK' ? parts.ask.phone : '';
  const lines = [
    t('common.greeting', { firstName: parts.facts.patient.firstName }),
    t(`call_centre.ack_${kind}`, { phone }),
    parts.providerName,
  ];
  return {
    channel: 'EMAIL',
    template: kind === 'message' ? 'CALL_CENTRE_MESSAGE_RECEIVED' : 'CALLBACK_REQUEST_RECEIVED',
    recipient: parts.facts.patient.email,
    subject: `${parts.providerName}: ${t(`call_centre.ack_subject_${kind}`)}`,
    bodyText: lines.join('\n\n'),
    bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
