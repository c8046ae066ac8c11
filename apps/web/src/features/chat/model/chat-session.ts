import type { ChatContext, PortalChatWidget } from './widget-contract.ts';

/** Spec 1 §9: the conversation opens 2 s after the widget opens. */
export const conversationDelayMs = 2000;
/** Spec 1 §9: the first queued file is sent 3 s after it was queued... */
export const firstUploadDelayMs = 3000;
/** ...and each next one 1 s after the one before was sent. */
export const nextUploadDelayMs = 1000;

/**
 * One page's chat with a loaded widget (docs/product/chat.md#timings): the widget opens when
 * asked, the conversation starts 2 s after its first opening, and the files queued for the chat
 * (spec 1 §3, "Chat state: a queue of files to upload") are sent one at a time once it has
 * started: the first 3 s after it was queued, each next 1 s after the one before settled. A file
 * whose upload fails is skipped, so one bad file does not hold back the rest.
 */
export function createChatSession(widget: PortalChatWidget, contextOf: () => ChatContext) {
  const queue: File[] = [];
  let conversation: 'not-started' | 'starting' | 'started' = 'not-started';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let uploading = false;
  let closed = false;

  const schedule = (ms: number, work: () => void) => {
    timer = setTimeout(() => {
      timer = undefined;
      work();
    }, ms);
  };
  const sendNext = async () => {
    const file = queue.shift();
    if (!file || closed) return;
    uploading = true;
    try {
      await widget.upload(file);
    } catch {
      // The vendor shows its own error; the portal moves on to the next file.
    }
    uploading = false;
    if (queue.length > 0 && !closed) schedule(nextUploadDelayMs, sendNext);
  };
  /** A first file waits 3 s; while one is being sent or waited for, the queue just grows. */
  const startUploads = () => {
    if (conversation !== 'started' || uploading || timer !== undefined || queue.length === 0) {
      return;
    }
    schedule(firstUploadDelayMs, sendNext);
  };

  return {
    open() {
      widget.open();
      if (conversation !== 'not-started') return;
      conversation = 'starting';
      schedule(conversationDelayMs, () => {
        conversation = 'started';
        widget.startConversation(contextOf());
        startUploads();
      });
    },
    close() {
      widget.close?.();
    },
    /** Queues files for the conversation; before it starts they wait for it. */
    queue(files: readonly File[]) {
      queue.push(...files);
      startUploads();
    },
    get conversationStarted() {
      return conversation === 'started';
    },
    /** The page is leaving: nothing more is sent. */
    dispose() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

export type ChatSession = ReturnType<typeof createChatSession>;
