import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';

/**
 * The patient's answer to the analytics question (docs/product/shell-and-configuration.md#analytics):
 * a first-party cookie, so it holds on every page of the portal, in its frames too
 * (lib/cookies.ts), and the server never needs it.
 */
export const trackingConsentCookie = 'analyticsConsent';
export type TrackingChoice = 'granted' | 'denied';

/** A choice is asked again after this long, as privacy regulators expect of a consent. */
const choiceDays = 180;

/** The cookies the supported tags set on the portal's own domain, removed on a refusal. */
const tagCookie = /^(_ga|_gid|_gat|_gcl_|_fbp|_fbc|_hj|_pk_)/;

type State = { choice: TrackingChoice | null; asking: boolean };
let state: State | null = null;
const listeners = new Set<() => void>();

function current(): State {
  if (!state) {
    const stored = readCookie(trackingConsentCookie);
    state = {
      choice: stored === 'granted' || stored === 'denied' ? stored : null,
      asking: false,
    };
  }
  return state;
}

function update(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice (null: none yet) and whether the patient asked to choose again. */
export function useTrackingChoice(): State {
  return useSyncExternalStore(subscribe, current, current);
}

export function saveTrackingChoice(choice: TrackingChoice): void {
  const wasGranted = current().choice === 'granted';
  const expires = new Date(Date.now() + choiceDays * 86_400_000).toUTCString();
  writeCookie(trackingConsentCookie, choice, expires);
  if (choice === 'denied') {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim() ?? '';
      if (tagCookie.test(name)) deleteCookie(name);
    }
  }
  update({ choice, asking: false });
  // Scripts already running cannot be unloaded: a withdrawn consent takes effect on a new page.
  if (wasGranted && choice === 'denied') window.location.reload();
}

/** The footer's "Cookie preferences": the question again, with the current choice kept meanwhile. */
export function askTrackingChoiceAgain(): void {
  update({ ...current(), asking: true });
}

/** For tests: forget what was read from the cookie. */
export function resetTrackingChoice(): void {
  state = null;
}
