import { type ReactNode, useEffect, useRef, useState } from 'react';

// Any of these means the patient is using the page: load what waits below the fold.
const inputEvents = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Renders `children` (a lazy section further down a page) once its place comes within
 * `margin` of the viewport, or at the patient's first input (a key, a tap, a scroll), so a
 * keyboard or screen-reader user reaches it as soon as they start moving. Until then nothing
 * of it is fetched: the patient pages' initial JavaScript budget (docs/benchmarks.md) has no
 * room for the sections under the appointment cards (docs/decisions/026).
 */
export function WhenNear({
  children,
  margin = '200px',
  now = false,
}: {
  children: ReactNode;
  margin?: string;
  /** Render at once: the page's address asks for the section (e.g. a form to open). */
  now?: boolean;
}) {
  const [near, setNear] = useState(now);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near) return;
    const show = () => setNear(true);
    const element = place.current;
    if (typeof IntersectionObserver === 'undefined' || !element) {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    for (const name of inputEvents) window.addEventListener(name, show, { passive: true });
    return () => {
      observer.disconnect();
      for (const name of inputEvents) window.removeEventListener(name, show);
    };
  }, [near, margin]);
  return near ? children : <div ref={place} />;
}
