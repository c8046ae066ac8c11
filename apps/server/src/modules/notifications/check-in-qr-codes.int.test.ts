import type { Exam } from '@portal/contract';
import jsQR from 'jsqr';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { checkInPriorMinutes } from '../check-in/index.ts';
import { createReminderScheduler } from '../reminders/index.ts';
import { createOutboxWorker } from './index.ts';

// The confirmation and the reminder e-mails carry, per appointment, a QR code that opens
// check-in on the patient's phone (docs/product/check-in.md#qr-codes), delivered over real
// SMTP; the code is read back from the PNG as a phone's camera would.

interface MimePart {
  headers: string;
  body: Buffer;
}

/** The leaf parts of a raw MIME message, bodies decoded (base64 or quoted-printable). */
function mimeParts(raw: string): MimePart[] {
  const chunks = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return chunks.slice(1).flatMap((chunk) => {
    const end = chunk.search(/\r?\n\r?\n/);
    if (end < 0) return [];
    const headers = chunk.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
    if (/^Content-Type: multipart\//im.test(headers)) return [];
    const text = chunk.slice(end).trim();
    const body = /^Content-Transfer-Encoding: base64/im.test(headers)
      ? Buffer.from(text.replace(/\s+/g, ''), 'base64')
      : /^Content-Transfer-Encoding: quoted-printable/im.test(headers)
        ? Buffer.from(
            text
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          )
        : Buffer.from(text);
    return [{ headers, body }];
  });
}

/** What a phone's camera reads from a PNG. */
function scan(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The e-mail's HTML and each inline image it shows, by its cid:, with what its code says. */
function inlineCodes(raw: string) {
  const parts = mimeParts(raw);
  const html = parts.find((part) => /^Content-Type: text\/html/im.test(part.headers));
  if (!html) throw new Error('no HTML part in the e-mail');
  const htmlText = html.body.toString('utf8');
  const cids = [...htmlText.matchAll(/<img src="cid:([^"]+)" alt="([^"]+)">/g)];
  return cids.map(([, cid, alt]) => {
    const image = parts.find(
      (part) =>
        /^Content-Type: image\/png/im.test(part.headers) &&
        part.headers.includes(`Content-ID: <${cid}>`),
    );
    return {
      cid,
      alt,
      inline: image ? /inline/i.test(image.headers) : false,
      scanned: image ? scan(image.body) : null,
    };
  });
}

describe.each([true, false])('check-in enabled: %s', (enabled) => {
  const clock = fixedClock('2026-03-02T00:00:00Z');
  let testApp: TestApp;
  let sink: SmtpSink;
  let plain: { exam: Exam; clinicSlug: string };
  let worker: ReturnType<typeof createOutboxWorker>;
  const checkIn = {
    enabled,
    mode: 'FORM' as const,
    priorMinutes: 1440,
    closesMinutesAfterStart: 30,
    showGenderSelection: false,
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ clock, provider: providerWithPortal({ checkIn }) });
    sink = await startSmtpSink();
    plain = await examAndClinic(testApp.app, (exam) => !exam.bookingRequestOnly && !exam.walkIn);
    worker = createOutboxWorker({
      db: testApp.database.db,
      mail: createSmtpMailAdapter(sink.url, 'Portal <no-reply@portal.test>'),
      sms: createDevOutboxSmsAdapter(),
      clock,
      channels: ['EMAIL'],
    });
  });
  afterAll(async () => {
    await sink?.close();
    await testApp?.close();
  });

  const drain = async () => {
    while ((await worker.runOnce()).claimed > 0) {}
  };

  it('the confirmation and the reminder carry the appointment’s check-in code, or none', async () => {
    const [start] = await freeStarts(
      testApp.app,
      plain.clinicSlug,
      plain.exam.slug,
      '2026-03-09',
      '2026-03-20',
    );
    const session = await bookAndSignIn(testApp.app, {
      examSlug: plain.exam.slug,
      clinicSlug: plain.clinicSlug,
      start: start!,
    });
    // The reminder's rule "booked before it fell due" reads created_at, the database's clock.
    await sql`UPDATE appointments SET created_at = ${clock.now().toISOString()}::timestamptz
      WHERE id = ${session.appointmentId}`.execute(testApp.database.db);
    const checkInLink = `${testApp.env.publicUrl}/appointments/${session.bookingKey}?checkIn=${session.appointmentId}`;
    await drain();
    const confirmation = sink.received.find((raw) => raw.includes('Your appointment is confirmed'));
    expect(confirmation).toBeDefined();

    clock.set(new Date(new Date(start!).getTime() - 24 * 3_600_000 + 60_000));
    const scheduler = createReminderScheduler({
      db: testApp.database.db,
      clock,
      leadHours: [24],
      publicUrl: testApp.env.publicUrl,
      providerName: 'Test Radiology',
      defaultLocale: 'en-AU',
      sessionSecret: testApp.env.sessionSecret,
      checkInPriorMinutes: checkInPriorMinutes(checkIn),
    });
    expect(await scheduler.runOnce()).toBe(1);
    await drain();
    const reminder = sink.received.find((raw) => raw.includes('Reminder of your appointment'));
    expect(reminder).toBeDefined();

    for (const raw of [confirmation!, reminder!]) {
      const codes = inlineCodes(raw);
      const text = mimeParts(raw)
        .find((part) => /^Content-Type: text\/plain/im.test(part.headers))!
        .body.toString('utf8');
      if (!enabled) {
        expect(codes).toEqual([]);
        expect(raw).not.toMatch(/Content-Type: image\/png/);
        expect(text).not.toContain('?checkIn=');
        continue;
      }
      expect(codes).toEqual([
        {
          cid: `check-in-${session.appointmentId}@portal`,
          alt: expect.stringMatching(/^QR code to check in for .+, .+, /),
          inline: true,
          scanned: checkInLink,
        },
      ]);
      expect(text).toContain('Check-in opens 24 hours before your appointment.');
      expect(text).toContain(checkInLink);
    }
  });
});
