import { createHash } from 'node:crypto';
import { type EmailPreviewQuery, emailPreviewErrorCodes } from '@portal/contract';
import QRCode from 'qrcode';
import { DomainError, NotFoundError } from '../../domain-error.ts';
import { escapeHtml } from '../../escape-html.ts';
import type { AuditEvent, RequestContext } from '../audit/index.ts';
import type { NewOutboxMessage } from './notifications.repository.ts';
import {
  type MessagePreviews,
  type PreviewBooking,
  type PreviewData,
  samplePreviewData,
} from './preview-data.ts';
import { qrCodeDrawing } from './qr-codes.ts';

class EmailPreviewDisabledError extends NotFoundError {
  override readonly code = emailPreviewErrorCodes.disabled;
}
class ReferenceNotFoundError extends NotFoundError {
  override readonly code = emailPreviewErrorCodes.referenceNotFound;
}
class ReferenceNotAllowedError extends DomainError {
  readonly statusCode = 403;
  readonly code = emailPreviewErrorCodes.referenceNotAllowed;
}

export interface EmailPreviewDeps {
  providerName: string;
  publicUrl: string;
  checkInPriorMinutes: number | null;
  /** NODE_ENV=production: sample data only, and only with EMAIL_PREVIEW_ENABLED=true. */
  production: boolean;
  previewEnabled: boolean;
  /** Every message's renderer (src/message-previews.ts, given through app.ts). */
  messages: MessagePreviews;
  findBooking(bookingKey: string): Promise<PreviewBooking | null>;
  audit(event: AuditEvent, now: Date): Promise<void>;
  now(): Date;
}

/** A text-only e-mail as the preview shows it: escaped paragraphs, its line breaks kept. */
const textAsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('\n');

/**
 * The e-mail as a mail client shows it: the inline QR codes (cid:, attached when sent) drawn
 * as data: URLs here, since the preview has no attachments.
 */
async function inlineImages(html: string, message: NewOutboxMessage): Promise<string> {
  let result = html;
  for (const code of message.qrCodes ?? []) {
    const dataUrl = await QRCode.toDataURL(code.text, { ...qrCodeDrawing, type: 'image/png' });
    result = result.replaceAll(`cid:${escapeHtml(code.cid)}`, dataUrl);
  }
  return result;
}

/** The preview's one page: the subject as a heading, the e-mail, then the SMS when there is one. */
export async function previewContent(messages: NewOutboxMessage[]): Promise<string> {
  const email = messages.find((message) => message.channel === 'EMAIL');
  const sms = messages.find((message) => message.channel === 'SMS');
  const parts: string[] = [];
  if (email) {
    parts.push(`<h1>${escapeHtml(email.subject ?? '')}</h1>`);
    parts.push(
      email.bodyHtml ? await inlineImages(email.bodyHtml, email) : textAsHtml(email.bodyText),
    );
  }
  if (sms) parts.push('<hr>', '<h2>SMS</h2>', `<p>${escapeHtml(sms.bodyText)}</p>`);
  return parts.join('\n');
}

/** GET /api/notifications/preview_translated_email (docs/product/messages.md#preview). */
export function createEmailPreviewService(deps: EmailPreviewDeps) {
  return {
    async preview(query: EmailPreviewQuery, caller: RequestContext): Promise<{ content: string }> {
      if (deps.production && !deps.previewEnabled) {
        throw new EmailPreviewDisabledError('The e-mail preview is off in production.');
      }
      let data: PreviewData = samplePreviewData({
        providerName: deps.providerName,
        publicUrl: deps.publicUrl,
        checkInPriorMinutes: deps.checkInPriorMinutes,
      });
      if (query.referenceId !== undefined) {
        if (deps.production) {
          throw new ReferenceNotAllowedError(
            'A real booking is never previewed in production; leave out referenceId.',
          );
        }
        const booking = await deps.findBooking(query.referenceId);
        if (!booking) throw new ReferenceNotFoundError('There is no booking with this key.');
        const now = deps.now();
        // Reading a real patient's name and bookings: audited as any read of patient data.
        await deps.audit(
          {
            actor: 'public',
            action: 'email_preview.read',
            subjectType: 'booking_key',
            subjectId: createHash('sha256').update(query.referenceId).digest('hex'),
            clientAddress: caller.clientAddress,
            requestId: caller.requestId,
            details: { template: query.template, lang: query.lang },
          },
          now,
        );
        data = { ...data, ...booking, bookingKey: query.referenceId, now };
      }
      return { content: await previewContent(deps.messages[query.template](query.lang, data)) };
    },
  };
}

export type EmailPreviewService = ReturnType<typeof createEmailPreviewService>;
