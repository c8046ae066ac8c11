import { type RefObject, useCallback } from 'react';

/**
 * Puts keyboard focus on `target` once it has fallen to the body (WCAG 2.4.3): a signed form's
 * Sign button is gone when its modal closes, so the modal cannot hand focus back to it. Checked
 * each frame for up to 2 s, so it waits for the modal's own focus handling to finish.
 */
export function useFocusWhenFree(target: RefObject<HTMLElement | null>): () => void {
  return useCallback(() => {
    let frames = 0;
    const check = () => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) {
        target.current?.focus();
        return;
      }
      if (++frames < 120) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, [target]);
}
