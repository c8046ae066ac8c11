import type { Clock } from '../../adapters/clock.ts';
import type { MailAdapter, MailAttachment } from '../../adapters/mail.ts';
import { createPeriodicTask } from '../../adapters/periodic-task.ts';
import type { SmsAdapter } from '../../adapters/sms.ts';
import type { WebhookAdapter } from '../../adapters/webhook.ts';
import type { OutboxChannel } from '../../db/tables/booking-tables.ts';
import type { OutboxMessageRow } from './notifications.repository.ts';
import type { OutboxStore } from './outbox-store.ts';
import { qrCodeAttachments } from './qr-codes.ts';

export interface OutboxWorkerDeps {
  store: OutboxStore;
  mail: MailAdapter;
  sms: SmsAdapter;
  /** WEBHOOK events (check-ins); without it they wait (leave WEBHOOK out of channels). */
  webhook?: WebhookAdapter;
  clock: Clock;
  /** Attempts before a message is FAILED for good. */
  maxAttempts?: number;
  /** First retry delay; doubles with each attempt (capped at maxDelayMs). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed message stays reserved for the worker sending it. */
  leaseMs?: number;
  batchSize?: number;
  pollIntervalMs?: number;
  /** Channels to deliver (default e-mail and SMS); messages of the others stay PENDING. */
  channels?: ReadonlyArray<OutboxChannel>;
  /** Told about failures (ids and error text only; never recipients or bodies). */
  onError?: (error: unknown, messageId: string | null) => void;
  /**
   * The calendar files of a booking key's appointments, for an e-mail that carries them
   * (server.ts passes the patient portal's; notifications does not read appointments).
   */
  calendarFiles?: (bookingKey: string) => Promise<MailAttachment[]>;
}

export interface OutboxWorker {
  /** Claims and delivers one batch; returns how many were claimed. */
  runOnce(): Promise<{ claimed: number; sent: number; failed: number }>;
  start(): void;
  stop(): Promise<void>;
}

/** Delay before attempt n+1 after n failed attempts: base * 2^(n-1), capped. */
export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the durable outbox. State lives only in outbox_messages, so any
 * number of instances may run and a restart loses nothing: a message is
 * claimed by one worker (FOR UPDATE SKIP LOCKED plus a lease), sent, then
 * marked SENT, or retried with exponential backoff until maxAttempts.
 */
export function createOutboxWorker(options: OutboxWorkerDeps): OutboxWorker {
  const {
    store,
    mail,
    sms,
    clock,
    maxAttempts = 6,
    baseDelayMs = 30_000,
    maxDelayMs = 3_600_000,
    leaseMs = 300_000,
    batchSize = 10,
    pollIntervalMs = 2_000,
    channels = ['EMAIL', 'SMS'],
    onError = () => {},
  } = options;

  async function deliver(message: OutboxMessageRow): Promise<string> {
    if (message.channel === 'EMAIL') {
      const attachments = [
        ...(message.calendarBookingKey && options.calendarFiles
          ? await options.calendarFiles(message.calendarBookingKey)
          : []),
        ...(message.qrCodes ? await qrCodeAttachments(message.qrCodes) : []),
      ];
      await mail.send({
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.bodyText,
        html: message.bodyHtml,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      return mail.name;
    }
    if (message.channel === 'WEBHOOK') {
      if (!options.webhook) throw new Error('No webhook adapter is configured.');
      await options.webhook.send({
        id: message.id,
        type: message.subject ?? '',
        createdAt: message.createdAt,
        data: message.bodyText,
      });
      return options.webhook.name;
    }
    await sms.send({ to: message.recipient, text: message.bodyText });
    return sms.name;
  }

  async function runOnce() {
    const now = clock.now();
    const claimed = await store.claimDueMessages(
      now,
      new Date(now.getTime() + leaseMs),
      batchSize,
      channels,
    );
    let sent = 0;
    let failed = 0;
    for (const message of claimed) {
      try {
        const via = await deliver(message);
        // A webhook's subject (the check-in) is settled with its message, in one transaction.
        await store.transaction(async (tx) => {
          const now = clock.now();
          if ((await tx.markSent(message.id, via, now)) && message.channel === 'WEBHOOK') {
            await tx.webhookDelivered(message.id, now);
          }
        });
        sent += 1;
      } catch (error) {
        failed += 1;
        onError(error, message.id);
        const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const next =
          message.attempts >= maxAttempts
            ? null
            : new Date(
                clock.now().getTime() + retryDelayMs(message.attempts, baseDelayMs, maxDelayMs),
              );
        await store.transaction(async (tx) => {
          const settled = await tx.markAttemptFailed(message.id, text, next);
          if (settled && next === null && message.channel === 'WEBHOOK') {
            await tx.webhookFailed(message.id, clock.now());
          }
        });
      }
    }
    return { claimed: claimed.length, sent, failed };
  }

  return {
    runOnce,
    ...createPeriodicTask(runOnce, pollIntervalMs, (error) => onError(error, null)),
  };
}
