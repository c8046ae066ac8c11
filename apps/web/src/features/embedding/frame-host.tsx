import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePortalConfig } from '../../lib/config.tsx';
import { isEmbedded } from '../../lib/embedding.ts';

const loadMessages = () => import('./frame-messages.ts');

/**
 * In a provider's frame: the page's height and each navigation go to the embedding page
 * (public/embed.js). The code loads only when the page is framed and an embedding origin is
 * configured (FRAME_ANCESTORS); on its own tab /iframe/... loads nothing more.
 */
export function useFrameHost(shell: RefObject<HTMLElement | null>): void {
  const { application } = usePortalConfig();
  const origins = application.embedOrigins;
  const { pathname } = useLocation();
  const framed = origins.length > 0 && isEmbedded();
  const firstPath = useRef(pathname);

  useEffect(() => {
    const element = shell.current;
    if (!framed || !element) return;
    document.documentElement.dataset.embedded = '';
    let stop = () => {};
    let stopped = false;
    void loadMessages().then(({ reportFrameHeight }) => {
      if (!stopped) stop = reportFrameHeight(element, origins);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [framed, origins, shell]);

  useEffect(() => {
    // A new page inside the frame: the host brings the frame's top into view.
    if (!framed || pathname === firstPath.current) return;
    firstPath.current = pathname;
    void loadMessages().then(({ postToHost }) => postToHost({ type: 'portal:navigated' }, origins));
  }, [framed, origins, pathname]);
}
