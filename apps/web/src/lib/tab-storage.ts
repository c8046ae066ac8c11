/**
 * This tab's storage: sessionStorage, or a map for the page's lifetime where the browser refuses
 * it. In a provider's frame with third-party storage blocked (private windows, Safari, Firefox's
 * strict mode) merely reading window.sessionStorage throws a SecurityError, and the booking flow
 * must still work there (docs/product/embedding.md; e2e/tests/embedding.spec.ts found it).
 */
const memory = new Map<string, string>();

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function attempt<T>(use: (storage: Storage) => T, fallback: () => T): T {
  const storage = sessionStore();
  if (!storage) return fallback();
  try {
    return use(storage);
  } catch {
    return fallback();
  }
}

export const tabStorage = {
  getItem: (key: string): string | null =>
    attempt(
      // A value the storage refused (quota) lives in the map.
      (storage) => memory.get(key) ?? storage.getItem(key),
      () => memory.get(key) ?? null,
    ),
  setItem: (key: string, value: string): void =>
    attempt(
      (storage) => {
        storage.setItem(key, value);
        memory.delete(key);
      },
      () => void memory.set(key, value),
    ),
  removeItem: (key: string): void =>
    attempt(
      (storage) => {
        memory.delete(key);
        storage.removeItem(key);
      },
      () => void memory.delete(key),
    ),
  clear: (): void => {
    memory.clear();
    attempt(
      (storage) => storage.clear(),
      () => undefined,
    );
  },
};
