import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * A place in the header for what the page below it offers (the booking request page's View
 * referral, docs/product/attachments.md). The header renders the place and styles what is put
 * there; the page renders its control into it through a portal, so the control stays the page's:
 * its data, state and modals load and go with the page, not with the shell every page starts
 * with. Without a host or an offering page the place is empty.
 */

type Place = HTMLElement | null;

const PlaceContext = createContext<Place>(null);
// Apart from the place, so that the header does not re-render when the place is set.
const SetPlaceContext = createContext<((place: Place) => void) | null>(null);

export function HeaderActionsHost({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState<Place>(null);
  return (
    <SetPlaceContext.Provider value={setPlace}>
      <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>
    </SetPlaceContext.Provider>
  );
}

/** The header's element for the page's controls: a ref callback. */
export function useHeaderActionsPlace(): (place: Place) => void {
  return useContext(SetPlaceContext) ?? noPlace;
}

const noPlace = () => undefined;

/** Renders `children` in the header while the calling page is mounted (nothing without a header). */
export function HeaderAction({ children }: { children: ReactNode }) {
  const place = useContext(PlaceContext);
  return place ? createPortal(children, place) : null;
}
