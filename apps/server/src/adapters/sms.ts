/** One text message as the outbox worker hands it over. */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Delivers SMS. `name` is recorded on the outbox row (delivered_via). */
export interface SmsAdapter {
  readonly name: string;
  readonly realDelivery: boolean;
  send(message: SmsMessage): Promise<void>;
}

/**
 * No SMS gateway is configured yet: messages stay in the development outbox
 * (outbox_messages), readable through /dev/outbox and `npm run outbox`.
 * A gateway adapter implements the same interface.
 */
export function createDevOutboxSmsAdapter(): SmsAdapter {
  return { name: 'dev-outbox', realDelivery: false, async send() {} };
}

/** The gateway answered with something other than 2xx (the outbox worker retries). */
export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
  readonly code = 'SMS_GATEWAY_REJECTED';
  constructor(readonly responseCode: number) {
    // The status only: a gateway's body may quote the number or the text.
    super(`The SMS gateway answered HTTP ${responseCode}.`);
  }
}

export interface HttpSmsOptions {
  /** SMS_GATEWAY_URL */
  url: string;
  /** SMS_GATEWAY_TOKEN, sent as `Authorization: Bearer ...`; null sends none. */
  token: string | null;
  /** No answer in this time counts as a failed attempt. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A generic HTTP SMS gateway (a webhook most SMS providers or a small relay
 * offer): each text is POSTed as JSON `{ "to": "+61...", "text": "..." }`.
 * Any 2xx means accepted; another status, a network error or a timeout
 * throws, so the outbox worker keeps the message and retries with backoff.
 */
export function createHttpSmsAdapter(options: HttpSmsOptions): SmsAdapter {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'sms-gateway',
    realDelivery: true,
    async send(message) {
      const response = await send(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      // Drain the body so the connection is reused; its content is never logged.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsGatewayError(response.status);
    },
  };
}
