import { lazy, Suspense, useEffect, useState } from 'react';
import { usePortalConfig } from '../../../lib/config.tsx';
import { useShellMode } from '../../../lib/shell-mode.ts';

// Everything but this check is a lazy chunk fetched after the first paint, and only where a chat
// is configured: the booking home's initial JS has a strict budget (docs/benchmarks.md).
const ChatLauncher = lazy(async () => ({
  default: (await import('./chat-launcher.tsx')).ChatLauncher,
}));

/** The chat launcher while `chatWidgetUrl` is set, never on a kiosk (a shared tablet). */
export function ChatGate() {
  const url = usePortalConfig().integration.chatWidgetUrl;
  const { kioskMode } = useShellMode();
  // A passive effect runs after the browser painted the first render.
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  if (!url || kioskMode || !painted) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher url={url} />
    </Suspense>
  );
}
