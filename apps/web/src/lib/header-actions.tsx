import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * A place in the header for what the page below it offers (the booking request page's View
 * referral, docs/product/attachments.md). The header renders the place and styles what is put
 * there; the page renders its control into it through a portal, so the control stays the page's:
 * its code, data, state and modals load and go with the page, not with the shell every page
 * starts with (kept this small for that reason too). Without a host or an offering page the place
 * is empty.
 */

type Place = HTMLElement | null;

const PlaceContext = createContext<[Place, (place: Place) => void]>([null, () => undefined]);

export function HeaderActionsHost({ children }: { children: ReactNode }) {
  return <PlaceContext.Provider value={useState<Place>(null)}>{children}</PlaceContext.Provider>;
}

/** The header's element for the page's controls: a ref callback. */
export const useHeaderActionsPlace = () => useContext(PlaceContext)[1];

/** Renders `children` in the header while the calling page is mounted (nothing without a header). */
export function HeaderAction({ children }: { children: ReactNode }) {
  const [place] = useContext(PlaceContext);
  return place ? createPortal(children, place) : null;
}
