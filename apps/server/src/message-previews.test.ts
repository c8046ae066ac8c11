import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageTemplates, supportedLocales } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { messagePreviews } from './message-previews.ts';
import { messageText, previewContent, samplePreviewData } from './modules/notifications/index.ts';

const sample = samplePreviewData({
  providerName: 'Southern Cross Imaging',
  publicUrl: 'https://portal.test',
  checkInPriorMinutes: 1440,
});

/** Every string a rendered message carries: subject, text and HTML of each channel. */
const wordsOf = (template: (typeof messageTemplates)[number], locale: string) =>
  messagePreviews[template](locale as (typeof supportedLocales)[number], sample).flatMap(
    (message) => [message.subject ?? '', message.bodyText, message.bodyHtml ?? ''],
  );

describe('message previews', () => {
  it('has a renderer for every template of the contract, and each renders its own template', () => {
    expect(Object.keys(messagePreviews).sort()).toEqual([...messageTemplates].sort());
    for (const template of messageTemplates) {
      const messages = messagePreviews[template]('en-AU', sample);
      expect(messages.length, template).toBeGreaterThan(0);
      for (const message of messages) expect(message.template, template).toBe(template);
    }
  });

  it('names every template the modules send (their template: literals and booking notice kinds)', () => {
    const modules = fileURLToPath(new URL('./modules/', import.meta.url));
    const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
      .map((file) => readFileSync(join(modules, file), 'utf8'));
    const named = new Set<string>();
    for (const source of sources) {
      for (const match of source.matchAll(/template: (?:[^,\n]*\? )?'([^']+)'(?: : '([^']+)')?/g)) {
        named.add(match[1] as string);
        if (match[2]) named.add(match[2]);
      }
      // Booking notices name their template by kind (the files that build or enqueue them).
      if (/bookingNoticeMessages|enqueueNotice/.test(source)) {
        for (const match of source.matchAll(/kind: '((?:APPOINTMENT|PENDING|BOOKING)_[A-Z_]+)'/g)) {
          named.add(match[1] as string);
        }
      }
    }
    // Events for the provider's systems are not messages to people (check-in's webhook).
    named.delete('CHECK_IN_SUBMITTED');
    named.delete('CALLBACK_REQUESTED');
    for (const template of named) {
      expect(messageTemplates as readonly string[], template).toContain(template);
    }
    expect(named.size).toBeGreaterThanOrEqual(15);
  });

  it.each(supportedLocales)(
    'renders every template in %s with no raw key, placeholder or undefined',
    async (locale) => {
      for (const template of messageTemplates) {
        const words = wordsOf(template, locale).join('\n');
        expect(words, `${template} ${locale}`).not.toMatch(/email\.[a-z_]+\./);
        expect(words, `${template} ${locale}`).not.toMatch(/\{\{|\}\}/);
        expect(words, `${template} ${locale}`).not.toMatch(/undefined|null|NaN|\[object/);
        const content = await previewContent(messagePreviews[template](locale, sample));
        expect(content).toMatch(/^<h1>.+<\/h1>/);
        expect(content).not.toContain('cid:');
      }
    },
  );

  it('writes Macedonian in mk and the patient values escaped, the words of en-AU unchanged', async () => {
    const mk = wordsOf('APPOINTMENT_CONFIRMATION', 'mk').join('\n');
    expect(mk).toContain('Вашиот термин е закажан.');
    expect(mk).toContain('Пријавувањето се отвора 24 часа пред вашиот термин.');
    expect(wordsOf('APPOINTMENT_CANCELED', 'en-CA')[0]).toBe(
      'Southern Cross Imaging: Your appointment is canceled',
    );
    expect(wordsOf('APPOINTMENT_CANCELED', 'en-AU')[0]).toBe(
      'Southern Cross Imaging: Your appointment is cancelled',
    );
    const html = messagePreviews.APPOINTMENT_REMINDER('en-AU', {
      ...sample,
      firstName: '<b>Al</b>',
    })[0]?.bodyHtml;
    expect(html).toContain('<p>Hello &lt;b&gt;Al&lt;/b&gt;,</p>');
    expect(html).toContain(
      '<a href="https://portal.test/appointment-links/SAMPLE-CANCEL">Cancel the appointment</a> if you cannot come',
    );
  });

  it('fills placeholders and escapes words and values in HTML, raw HTML values as given', () => {
    const t = messageText('en-AU');
    expect(t('access_otp.code', { code: '123456', minutes: 10 })).toBe(
      'Your verification code is 123456. It expires in 10 minutes.',
    );
    expect(t.html('common.greeting', { firstName: 'A & "B"' })).toBe(
      'Hello A &amp; &quot;B&quot;,',
    );
    expect(t.html('access_otp.code', { code: { html: '<strong>1</strong>' }, minutes: 5 })).toBe(
      'Your verification code is <strong>1</strong>. It expires in 5 minutes.',
    );
    expect(t('no_such.key')).toBe('email.no_such.key');
  });
});
