import type { NewOutboxMessage } from '../notifications/index.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** 14 March 2027, in the provider's words (UTC date: the link's expiry is a day, not a minute). */
const day = (at: Date) =>
  at.toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The link to a shared result or history, to the recipient. It names the patient by first
 * name only and holds no result: the link asks for the patient's date of birth and then a
 * code sent to this same contact.
 */
export function shareLinkMessage(input: {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  recipientName: string | null;
  providerName: string;
  patientFirstName: string;
  type: 'RESULT' | 'HISTORY';
  note: string | null;
  link: string;
  expiresAt: Date;
}): NewOutboxMessage {
  const { providerName, patientFirstName, link } = input;
  const what = input.type === 'RESULT' ? 'an imaging result' : 'their imaging results';
  if (input.channel === 'SMS') {
    return {
      channel: 'SMS',
      template: 'RESULT_SHARE_LINK',
      recipient: input.recipient,
      subject: null,
      bodyText: `${patientFirstName} shared ${what} with you at ${providerName}: ${link} (until ${day(input.expiresAt)}). You will need their date of birth.`,
      bodyHtml: null,
    };
  }
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const lines = [
    greeting,
    '',
    `${patientFirstName} has shared ${what} with you through ${providerName}.`,
    ...(input.note ? ['', `Their note: ${input.note}`] : []),
    '',
    `Open it here: ${link}`,
    `The link works until ${day(input.expiresAt)}. You will need ${patientFirstName}'s date of birth, and a code we send to this address.`,
    '',
    'If you did not expect this, you can ignore this message.',
    '',
    providerName,
  ];
  return {
    channel: 'EMAIL',
    template: 'RESULT_SHARE_LINK',
    recipient: input.recipient,
    subject: `${providerName}: ${patientFirstName} shared ${what} with you`,
    bodyText: lines.join('\n'),
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(`${patientFirstName} has shared ${what} with you through ${providerName}.`)}</p>`,
      ...(input.note ? [`<p>Their note: ${escapeHtml(input.note)}</p>`] : []),
      `<p><a href="${escapeHtml(link)}">Open the shared ${input.type === 'RESULT' ? 'result' : 'results'}</a></p>`,
      `<p>The link works until ${day(input.expiresAt)}. You will need ${escapeHtml(patientFirstName)}'s date of birth, and a code we send to this address.</p>`,
      '<p>If you did not expect this, you can ignore this message.</p>',
      `<p>${escapeHtml(providerName)}</p>`,
    ].join('\n'),
  };
}

/** To the patient: someone opened what they shared (at most one per share in a while). */
export function shareAccessNotice(input: {
  recipient: string;
  providerName: string;
  firstName: string;
  sharedWith: string;
  at: Date;
}): NewOutboxMessage {
  const when = input.at.toISOString().replace('T', ' ').slice(0, 16);
  const text = `${input.sharedWith} opened the results you shared (${when} UTC).`;
  const advice =
    'If you did not expect this, revoke the share from your results page: the link then stops working at once.';
  return {
    channel: 'EMAIL',
    template: 'RESULT_SHARE_ACCESSED',
    recipient: input.recipient,
    subject: `${input.providerName}: your shared results were opened`,
    bodyText: [`Hello ${input.firstName},`, '', text, '', advice, '', input.providerName].join(
      '\n',
    ),
    bodyHtml: [
      `<p>Hello ${escapeHtml(input.firstName)},</p>`,
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
export function resultReadyMessage(input: {
  recipient: string;
  providerName: string;
  firstName: string;
  examName: string;
  link: string;
}): NewOutboxMessage {
  const text = `The report of your ${input.examName} is ready to read online.`;
  const how = `Open it here: ${input.link} (you will need your date of birth).`;
  return {
    channel: 'EMAIL',
    template: 'RESULT_RELEASED',
    recipient: input.recipient,
    subject: `${input.providerName}: your results are ready`,
    bodyText: [`Hello ${input.firstName},`, '', text, how, '', input.providerName].join('\n'),
    bodyHtml: [
      `<p>Hello ${escapeHtml(input.firstName)},</p>`,
      `<p>${escapeHtml(text)}</p>`,
      `<p><a href="${escapeHtml(input.link)}">Read your results</a> (you will need your date of birth).</p>`,
      `<p>${escapeHtml(input.providerName)}</p>`,
    ].join('\n'),
  };
}
