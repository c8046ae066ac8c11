import { type RefObject, useEffect, useState } from 'react';

/** An element, or one it is inside, kept on screen by the page: a sticky or fixed bar. */
function stuckAncestor(element: Element | null): Element | null {
  for (let node = element; node && node !== document.body; node = node.parentElement) {
    const { position } = getComputedStyle(node);
    if (position === 'sticky' || position === 'fixed') return node;
  }
  return null;
}

/**
 * How far the launcher must rise to stay clear of a bar the page keeps at the viewport's foot
 * (the booking pages' Continue bar on a phone): covering a page's main action, or the control
 * that has focus (WCAG 2.2, 2.4.11), would be worse than a launcher a little higher. Measured
 * under the launcher's own column on scroll, resize and when the page's content changes size.
 */
export function useLiftAboveBottomBar(launcher: RefObject<HTMLElement | null>): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const own = launcher.current;
      // Without elementsFromPoint (jsdom) there is nothing to measure: the corner it is.
      if (!own || typeof document.elementsFromPoint !== 'function') return;
      const box = own.getBoundingClientRect();
      const x = Math.min(window.innerWidth - 1, Math.max(0, box.left + box.width / 2));
      const under = document
        .elementsFromPoint(x, window.innerHeight - 2)
        .find((element) => !own.contains(element));
      const bar = stuckAncestor(under ?? null);
      setLift(bar ? Math.max(0, window.innerHeight - bar.getBoundingClientRect().top) : 0);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    observer?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [launcher]);
  return lift;
}
