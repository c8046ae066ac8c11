import type { ChatBookingRequest } from '../../../lib/chat-context.ts';

export type { ChatBookingRequest };

/**
 * The contract between the portal and a provider's chat widget script (docs/product/chat.md#the-
 * widget-contract). The script at `chatWidgetUrl` adapts the provider's chat vendor: while it is
 * evaluated it assigns `window.PortalChat`; the portal calls nothing else and shares nothing
 * else with it.
 */
export interface PortalChatWidget {
  /** The patient pressed the launcher: show the chat window (the widget opens). */
  open(): void;
  /** 2 s after the widget first opened (spec 1 §9): begin the conversation, once a page load. */
  startConversation(context: ChatContext): void;
  /** Send one queued file into the conversation; the next is sent 1 s after this settles. */
  upload(file: File): Promise<void>;
  /** Hide the chat window (the launcher's Close chat); without it the launcher only opens. */
  close?(): void;
}

/** What the portal tells the conversation: the patient's language and where they are. */
export interface ChatContext {
  /** The language the patient reads the portal in, e.g. en-AU or mk. */
  locale: string;
  /** The page's path, without its query (a query may carry a key or a token). */
  page: string;
  /** The booking request the patient is looking at or just sent, when a page shared one. */
  bookingRequest: ChatBookingRequest | null;
}

declare global {
  interface Window {
    PortalChat?: PortalChatWidget;
  }
}

/** Whether the script registered something the portal can drive. */
export function isPortalChatWidget(value: unknown): value is PortalChatWidget {
  const widget = value as Partial<PortalChatWidget> | null | undefined;
  return (
    typeof widget?.open === 'function' &&
    typeof widget.startConversation === 'function' &&
    typeof widget.upload === 'function'
  );
}
