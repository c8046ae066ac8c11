import { useEffect, useState } from 'react';

type LaterSteps = typeof import('../routes/check-in-later-steps.ts');
let laterSteps: LaterSteps | null = null;
let loading: Promise<LaterSteps> | null = null;

/**
 * The kiosk check-in's screens after the name, and the calls they make, come in a chunk of
 * their own (routes/check-in-later-steps.ts, about 4 KB gzip), fetched when the patient starts
 * typing the name: the first screen shows sooner, and the rest is there by the time it is
 * needed. A failed load is tried again when next asked for.
 */
export function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import('../routes/check-in-later-steps.ts').then(
    (module) => {
      laterSteps = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts the load, for the patient's first key press on the name. */
export function prefetchLaterSteps(): void {
  loadLaterSteps().catch(() => undefined);
}

/** The later screens once loaded; `needed` (a step past the name) loads them now. */
export function useLaterSteps(needed: boolean): LaterSteps | null {
  const [loaded, setLoaded] = useState(laterSteps);
  useEffect(() => {
    if (!needed || loaded) return;
    let current = true;
    loadLaterSteps().then(
      (module) => {
        if (current) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, loaded]);
  return loaded ?? laterSteps;
}
