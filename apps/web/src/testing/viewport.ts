/**
 * jsdom has no layout, so matchMedia is stubbed: min-width / max-width queries are evaluated
 * against a width the test sets (desktop by default).
 */
let width = 1366;
const listeners = new Set<() => void>();

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

export function setViewportWidth(next: number): void {
  width = next;
  for (const listener of listeners) listener();
}

window.matchMedia = (query: string): MediaQueryList =>
  ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;
