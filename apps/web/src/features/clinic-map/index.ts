import { loadSanitizer } from '../../lib/sanitizer.ts';

/**
 * The clinic map page (docs/product/clinic-map.md#the-page), loaded on demand; Leaflet loads later
 * still, inside it. The sanitizer for the map tiles' attribution starts loading now, not awaited:
 * the list does not need it, and the map suspends until it is there.
 */
export const clinicMapRoute = async () => {
  loadSanitizer().catch(() => undefined); // The map's own use of it retries and reports.
  return { Component: (await import('./routes/clinic-map-page.tsx')).ClinicMapPage };
};
