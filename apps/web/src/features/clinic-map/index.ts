/** The clinic map page (spec 2 §2), loaded on demand; Leaflet loads later still, inside it. */
export const clinicMapRoute = async () => ({
  Component: (await import('./routes/clinic-map-page.tsx')).ClinicMapPage,
});
