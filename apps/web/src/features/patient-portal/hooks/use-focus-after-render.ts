import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus `target` once the render that a state change causes is committed: call the returned
 * function beside the setState. A dialog whose content is replaced (a next step, a confirm)
 * focuses itself so it reads its new title. A layout effect runs before the browser handles the
 * next key; a focus a frame later (requestAnimationFrame) could land after a quick Tab had
 * reached the new step's button, and the Enter that followed went to the dialog instead
 * (the cancel e2e specs on a busy machine, CI stop 26).
 */
export function useFocusAfterRender(target: RefObject<HTMLElement | null>): () => void {
  const pending = useRef(false);
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    target.current?.focus();
  });
  return useCallback(() => {
    pending.current = true;
  }, []);
}
