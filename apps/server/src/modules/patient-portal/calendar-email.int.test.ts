import type { Exam } from '@portal/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  examAndClinic,
  freeStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createSmtpMailAdapter } from '../../adapters/mail.ts';
import { createDevOutboxSmsAdapter } from '../../adapters/sms.ts';
import { createOutboxWorker } from '../notifications/index.ts';
import { createCalendarFiles } from './index.ts';

// The confirmation and the cancellation e-mails carry the appointment's calendar file,
// delivered over real SMTP (docs/product/patient-portal.md#calendar-files).
const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let sink: SmtpSink;
let plain: { exam: Exam; clinicSlug: string };

beforeAll(async () => {
  testApp = await buildTestApp({ clock, provider: providerWithPortal({}) });
  sink = await startSmtpSink();
  plain = await examAndClinic(testApp.app, (exam) => !exam.bookingRequestOnly && !exam.walkIn);
});
afterAll(async () => {
  await sink?.close();
  await testApp?.close();
});

/** The calendar part of a raw MIME message (base64, as nodemailer sends it), parsed. */
function calendarIn(raw: string) {
  const lines = raw.split(/\r?\n/);
  const header = lines.findIndex((line) => line.startsWith('Content-Type: text/calendar'));
  if (header < 0) throw new Error('no calendar part in the e-mail');
  const bodyStart = lines.indexOf('', header) + 1;
  const bodyEnd = lines.findIndex((line, index) => index > bodyStart && line.startsWith('--'));
  const body = Buffer.from(lines.slice(bodyStart, bodyEnd).join(''), 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(body));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
  };
}

it('attaches the calendar file to the confirmation, and the CANCEL to the cancellation', async () => {
  const [start] = await freeStarts(
    testApp.app,
    plain.clinicSlug,
    plain.exam.slug,
    '2026-03-05',
    '2026-03-19',
  );
  const session = await bookAndSignIn(testApp.app, {
    examSlug: plain.exam.slug,
    clinicSlug: plain.clinicSlug,
    start: start!,
  });
  const worker = createOutboxWorker({
    db: testApp.database.db,
    mail: createSmtpMailAdapter(sink.url, 'Portal <no-reply@portal.test>'),
    sms: createDevOutboxSmsAdapter(),
    clock,
    channels: ['EMAIL'],
    calendarFiles: createCalendarFiles({
      db: testApp.database.db,
      clock,
      publicUrl: testApp.env.publicUrl,
      providerName: 'Test Radiology',
    }),
  });
  const drain = async () => {
    while ((await worker.runOnce()).claimed > 0) {}
  };
  await drain();
  const confirmation = sink.received.find((raw) => raw.includes('Your appointment is confirmed'));
  expect(confirmation).toBeDefined();
  expect(confirmation).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
  const booked = calendarIn(confirmation!);
  expect(booked).toMatchObject({ method: 'PUBLISH', sequence: 0 });

  const cancelled = await testApp.app.inject({
    method: 'POST',
    url: `/api/secured/appointments/${session.bookingKey}/items/${session.appointmentId}/cancel`,
    headers: { cookie: session.cookie },
    payload: {},
  });
  expect(cancelled.json().outcome).toBe('CANCELED');
  await drain();
  const cancellation = sink.received.find((raw) => raw.includes('Your appointment is cancelled'));
  expect(cancellation).toMatch(/method=CANCEL/);
  expect(calendarIn(cancellation!)).toEqual({ method: 'CANCEL', uid: booked.uid, sequence: 1 });
});
