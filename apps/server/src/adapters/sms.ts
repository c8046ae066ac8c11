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
