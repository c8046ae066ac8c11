/**
 * The booking home's route chunk: the page and the catalogue requests it starts before the
 * app's first render (app/boot.ts loads this first when the app opens on the home; the server
 * preloads it there, apps/web/vite.config.ts homeChunkMarker). Kept out of the entry, so no
 * other page downloads the home's code or its data calls.
 */
export { bookingHomePrefetches } from '../home-prefetch.ts';
export { BookingHomePage } from './booking-home-page.tsx';
