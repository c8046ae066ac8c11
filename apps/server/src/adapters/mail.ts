import nodemailer from 'nodemailer';

/** One e-mail as the outbox worker hands it over. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Files attached (calendar files of the appointments, the HTML's inline QR codes). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
  /** Set for an image the HTML shows inline as <img src="cid:{cid}">. */
  cid?: string;
}

/** Delivers e-mail. `name` is recorded on the outbox row (delivered_via). */
export interface MailAdapter {
  readonly name: string;
  /** True when messages really leave the machine (the development outbox is off then). */
  readonly realDelivery: boolean;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer over SMTP_URL (smtp://user:pass@host:port or smtps://...). */
export function createSmtpMailAdapter(smtpUrl: string, from: string): MailAdapter {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    realDelivery: true,
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * No SMTP_URL: nothing leaves the machine. The message stays readable in
 * outbox_messages, shown by /dev/outbox, GET /api/dev/outbox and `npm run outbox`.
 */
export function createDevOutboxMailAdapter(): MailAdapter {
  return {
    name: 'dev-outbox',
    realDelivery: false,
    async send() {},
    async close() {},
  };
}
