import { createHmac } from 'node:crypto';

/** One event for the provider's systems as the outbox worker hands it over. */
export interface WebhookEvent {
  /** The outbox message's id: the same on every retry, so the receiver can drop a repeat. */
  id: string;
  type: string;
  createdAt: Date;
  /** The event's data as JSON text (stored with the outbox message when it was queued). */
  data: string;
}

/** Delivers webhook events. `name` is recorded on the outbox row (delivered_via). */
export interface WebhookAdapter {
  readonly name: string;
  readonly realDelivery: boolean;
  send(event: WebhookEvent): Promise<void>;
}

/**
 * No CHECK_IN_WEBHOOK_URL (development and demo only; production refuses to start with
 * check-in on and no URL): the event stays readable in the development outbox and counts as
 * delivered, so a check-in can be tried end to end.
 */
export function createDevOutboxWebhookAdapter(): WebhookAdapter {
  return { name: 'dev-outbox', realDelivery: false, async send() {} };
}

/** The receiver answered with something other than 2xx (the outbox worker retries). */
export class WebhookRejectedError extends Error {
  override name = 'WebhookRejectedError';
  readonly code = 'WEBHOOK_REJECTED';
  constructor(readonly responseCode: number) {
    // The status only: a receiver's body may quote what it was sent.
    super(`The webhook answered HTTP ${responseCode}.`);
  }
}

export const webhookHeaders = {
  id: 'x-portal-event-id',
  type: 'x-portal-event-type',
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
} as const;

/**
 * The signature a receiver recomputes: `v1=` and the hex HMAC-SHA256, keyed with the shared
 * secret, of `{timestamp}.{body}` (the timestamp header, a dot, the raw body bytes). The
 * event id is inside the body, so it is signed too.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The JSON body of an event: id, type, createdAt and the stored data. */
export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: JSON.parse(event.data) as unknown,
  });
}

export interface HttpWebhookOptions {
  /** CHECK_IN_WEBHOOK_URL */
  url: string;
  /** CHECK_IN_WEBHOOK_SECRET: the HMAC key the receiver shares. */
  secret: string;
  /** No answer in this time counts as a failed attempt. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Seconds since the epoch for the timestamp header (tests pin it). */
  nowSeconds?: () => number;
}

/**
 * POSTs each event as JSON with its id, type, a timestamp and an HMAC signature in headers
 * (docs/product/check-in.md#webhook). Any 2xx means taken; another status, a network error,
 * a redirect or a timeout throws, so the outbox worker keeps the event and retries it with the
 * same id.
 */
export function createHttpWebhookAdapter(options: HttpWebhookOptions): WebhookAdapter {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return {
    name: 'webhook',
    realDelivery: true,
    async send(event) {
      const body = webhookBody(event);
      const timestamp = String(nowSeconds());
      const response = await send(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'radiology-portal-webhook/1',
          [webhookHeaders.id]: event.id,
          [webhookHeaders.type]: event.type,
          [webhookHeaders.timestamp]: timestamp,
          [webhookHeaders.signature]: webhookSignature(options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      // Drain the body so the connection is reused; its content is never logged.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new WebhookRejectedError(response.status);
    },
  };
}
