import QRCode from 'qrcode';
import type { MailAttachment } from '../../adapters/mail.ts';
import type { InlineQrCode } from './notifications.repository.ts';

/**
 * How an e-mail's QR codes are drawn: error correction M (a code printed or shown on a cracked
 * phone screen still scans), four modules of quiet zone as the standard asks, 5 px a module
 * (about 285 px for a check-in link of a production address: fits a phone's e-mail view).
 */
export const qrCodeDrawing = {
  type: 'png',
  errorCorrectionLevel: 'M',
  margin: 4,
  scale: 5,
} as const;

/**
 * The PNG attachments behind an e-mail's cid: images (migration 024), drawn when it is sent so
 * the outbox row keeps only their text. Mail clients show inline images by Content-ID; a data:
 * URL is blocked by most of them.
 */
export async function qrCodeAttachments(codes: InlineQrCode[]): Promise<MailAttachment[]> {
  return Promise.all(
    codes.map(async (code, index) => ({
      filename: `qr-code-${index + 1}.png`,
      contentType: 'image/png',
      content: await QRCode.toBuffer(code.text, qrCodeDrawing),
      cid: code.cid,
    })),
  );
}
