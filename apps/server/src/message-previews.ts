import type { SupportedLocale } from '@portal/contract';
import { otpMessage } from './modules/authentication/index.ts';
import {
  acknowledgementMessage,
  type BookingFacts,
  type CallCentreAsk,
  callCentreMessage,
} from './modules/call-centre/index.ts';
import { signedNotice } from './modules/consent-forms/index.ts';
import {
  type BookingNotice,
  bookingNoticeMessages,
  clinicRequestMessage,
  type MessagePreviews,
  type NewOutboxMessage,
  type PreviewData,
  reminderMessages,
} from './modules/notifications/index.ts';
import { decisionMessages } from './modules/patient-changes/index.ts';
import {
  resultReadyMessage,
  shareAccessNotice,
  shareLinkMessage,
} from './modules/results/index.ts';

// The e-mail preview's renderers (docs/product/messages.md#preview), composed here beside
// app.ts: each message belongs to the module that sends it, and those modules import the
// notifications module, so it cannot import them back (scripts/check-boundaries.mjs).

type Render = (locale: SupportedLocale, data: PreviewData) => NewOutboxMessage[];

const message: CallCentreAsk = {
  kind: 'MESSAGE',
  topic: 'PREPARATION',
  message: 'Can I eat before the scan?',
};
const callback: CallCentreAsk = {
  kind: 'CALLBACK',
  phone: '0400000000',
  windows: [{ date: '2026-03-03', from: '10:00', to: '11:00' }],
  timeZone: 'Australia/Sydney',
  reason: 'About my referral',
};

const manageLink = (data: PreviewData) => `${data.publicUrl}/appointments/${data.bookingKey}`;
const checkIn = (data: PreviewData) =>
  data.checkInPriorMinutes === null || data.appointmentIds.length === 0
    ? undefined
    : {
        priorMinutes: data.checkInPriorMinutes,
        appointments: data.appointmentIds.map((id, index) => ({
          id,
          line: data.lines[index] ?? data.lines[0] ?? '',
        })),
      };

function notice(kind: BookingNotice['kind']): Render {
  return (locale, data) =>
    bookingNoticeMessages(locale, {
      kind,
      providerName: data.providerName,
      firstName: data.firstName,
      email: data.email,
      contactNumber: data.contactNumber,
      link:
        kind.startsWith('BOOKING_REQUEST') && data.appointmentIds.length === 0
          ? `${data.publicUrl}/booking-requests/${data.bookingKey}`
          : manageLink(data),
      lines: data.lines,
      // Only a confirmation invites to check in (book-appointments.ts).
      checkIn: kind === 'APPOINTMENT_CONFIRMATION' ? checkIn(data) : undefined,
    });
}

const otp: Render = (locale, data) =>
  (['EMAIL', 'SMS'] as const).map((channel) =>
    otpMessage(locale, {
      channel,
      recipient: channel === 'EMAIL' ? data.email : data.contactNumber,
      providerName: data.providerName,
      firstName: data.firstName,
      code: '123456',
      expiryMinutes: 10,
    }),
  );

const shareLink: Render = (locale, data) =>
  (['EMAIL', 'SMS'] as const).map((channel) =>
    shareLinkMessage(locale, {
      channel,
      recipient: channel === 'EMAIL' ? 'dr.carter@example.org' : '0400 111 111',
      recipientName: 'Dr Sam Carter',
      providerName: data.providerName,
      patientFirstName: data.firstName,
      type: 'RESULT',
      note: 'For my appointment next week.',
      link: `${data.publicUrl}/appointments/SAMPLE-SHARE/result?shared=true`,
      expiresAt: new Date(data.now.getTime() + 14 * 86_400_000),
    }),
  );

const decision =
  (accepted: boolean): Render =>
  (locale, data) =>
    decisionMessages(locale, {
      providerName: data.providerName,
      firstName: data.firstName,
      recipients: [data.email],
      accepted,
      fields: ['contactNumber', 'streetAddress'],
      note: accepted ? null : 'We need to see your new Medicare card first.',
    });

/**
 * Every message the portal sends (contract `messageTemplates`), each with how to render it
 * from preview data through the same function the sending code calls.
 */
export const messagePreviews: MessagePreviews = {
  APPOINTMENT_CONFIRMATION: notice('APPOINTMENT_CONFIRMATION'),
  PENDING_APPOINTMENT: notice('PENDING_APPOINTMENT'),
  BOOKING_REQUEST_CONFIRMATION: notice('BOOKING_REQUEST_CONFIRMATION'),
  APPOINTMENT_CANCELED: notice('APPOINTMENT_CANCELED'),
  APPOINTMENT_RESCHEDULED: notice('APPOINTMENT_RESCHEDULED'),
  APPOINTMENT_CHANGED: notice('APPOINTMENT_CHANGED'),
  APPOINTMENT_CANCEL_REQUESTED: notice('APPOINTMENT_CANCEL_REQUESTED'),
  BOOKING_REQUEST_CANCELED: notice('BOOKING_REQUEST_CANCELED'),
  CLINIC_REQUEST: (locale, data) => [
    clinicRequestMessage(locale, {
      providerName: data.providerName,
      clinicEmail: 'parramatta@clinic.example',
      what: data.lines[0] ?? data.examName,
      reason: 'I am unwell',
      note: 'Please call me to book again.',
      link: manageLink(data),
    }),
  ],
  APPOINTMENT_REMINDER: (locale, data) =>
    reminderMessages(locale, {
      providerName: data.providerName,
      firstName: data.firstName,
      email: data.email,
      contactNumber: data.contactNumber,
      line: data.lines[0] ?? data.examName,
      confirmLink: `${data.publicUrl}/appointment-links/SAMPLE-CONFIRM`,
      cancelLink: `${data.publicUrl}/appointment-links/SAMPLE-CANCEL`,
      manageLink: manageLink(data),
      checkIn: checkIn({ ...data, appointmentIds: data.appointmentIds.slice(0, 1) }),
    }),
  ACCESS_OTP: otp,
  RESULT_SHARE_LINK: shareLink,
  RESULT_SHARE_ACCESSED: (locale, data) => [
    shareAccessNotice(locale, {
      recipient: data.email,
      providerName: data.providerName,
      firstName: data.firstName,
      sharedWith: 'Dr Sam Carter',
      at: data.now,
    }),
  ],
  RESULT_RELEASED: (locale, data) => [
    resultReadyMessage(locale, {
      recipient: data.email,
      providerName: data.providerName,
      firstName: data.firstName,
      examName: data.examName,
      link: `${manageLink(data)}/result`,
    }),
  ],
  PATIENT_CHANGE_ACCEPTED: decision(true),
  PATIENT_CHANGE_REJECTED: decision(false),
  'consent-form-signed': (locale, data) => [
    signedNotice(locale, {
      to: data.email,
      formTitle: 'MRI safety consent',
      examName: data.examName,
      signedAt: data.now,
      timeZone: 'Australia/Sydney',
      reference: '3f9a61c2',
      pageUrl: manageLink(data),
      providerName: data.providerName,
    }),
  ],
  CALL_CENTRE_MESSAGE: callCentre('centre', message),
  CALL_CENTRE_MESSAGE_RECEIVED: callCentre('patient', message),
  CALLBACK_REQUEST: callCentre('centre', callback),
  CALLBACK_REQUEST_RECEIVED: callCentre('patient', callback),
};

/** The call centre's e-mail or the patient's acknowledgement of a message or callback request. */
function callCentre(to: 'centre' | 'patient', ask: CallCentreAsk): Render {
  return (locale, data) => {
    const facts: BookingFacts = {
      reference: data.bookingKey,
      recordId: data.appointmentIds[0] ?? 'sample-appointment',
      patient: {
        firstName: data.firstName,
        lastName: 'Citizen',
        email: data.email,
        contactNumber: data.contactNumber,
        locale,
      },
      clinic: null,
      items: data.lines.map((line) => ({
        examName: line,
        clinicName: null,
        startsAt: null,
        timeZone: null,
      })),
    };
    const parts = { providerName: data.providerName, facts, ask };
    return [
      to === 'centre'
        ? callCentreMessage(locale, { ...parts, callCentreEmail: 'call-centre@clinic.example' })
        : acknowledgementMessage(locale, parts),
    ];
  };
}
