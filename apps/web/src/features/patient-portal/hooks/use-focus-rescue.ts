import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Keeps keyboard focus on the page when the control that had it goes away (WCAG 2.4.3): after
 * a change that removes the pressed button (Cancel appointment once cancelled, Confirm
 * attendance once confirmed), call the returned function; once focus has fallen to the body
 * (the button, or a modal around it, unmounted), `target` takes it. Checked after each render
 * of the component, so it waits for a modal to close: focusing the target while a modal still
 * traps focus would be undone.
 */
export function useFocusRescue(target: RefObject<HTMLElement | null>): () => void {
  const wanted = useRef(false);

  const rescue = useCallback(() => {
    if (!wanted.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    wanted.current = false;
    target.current?.focus();
  }, [target]);

  // After every commit of the component: the one that removed the button.
  useEffect(() => {
    rescue();
  });

  return useCallback(() => {
    wanted.current = true;
    // In case no render of the component follows (the button went in an earlier one, or a modal
    // of its own closes later): checked each frame for up to 2 s, then the wish lapses.
    let frames = 0;
    const check = () => {
      rescue();
      if (!wanted.current) return;
      if (++frames < 120) requestAnimationFrame(check);
      else wanted.current = false;
    };
    requestAnimationFrame(check);
  }, [rescue]);
}
