import 'leaflet/dist/leaflet.css';
import type { ClinicSummary, GeoPoint } from '@portal/contract';
import L from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { usePortalConfig } from '../../../lib/config.tsx';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { type MapState, viewKey } from '../hooks/map-view.ts';
import styles from './clinic-map-view.module.css';
import mobileMarkerUrl from './mobile-marker.svg';

export interface ClinicMapViewProps {
  state: MapState;
  clinics: ClinicSummary[];
  onSelectClinic: (slug: string) => void;
}

/** Leaflet's default marker, from bundled files (its own URL guess breaks under a bundler). */
const pin = {
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
} satisfies L.IconOptions;
const clinicIcon = new L.Icon(pin);
const selectedIcon = new L.Icon({ ...pin, className: styles.selectedMarker });
const mobileIcon = new L.Icon({
  iconUrl: mobileMarkerUrl,
  iconSize: [30, 40],
  iconAnchor: [15, 39],
});

/** Australia, before anything is known. */
const fallbackCenter: L.LatLngTuple = [-27, 134];
const fallbackZoom = 4;

const toLatLng = (point: GeoPoint): L.LatLngTuple => [point.latitude, point.longitude];

/** Moves the map when the view the URL asks for changes; leaves the person's panning alone otherwise. */
function ViewController({ state }: { state: MapState }) {
  const map = useMap();
  const key = viewKey(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for center, zoom and bounds.
  useEffect(() => {
    if (state.bounds) map.fitBounds(state.bounds, { padding: [32, 32], maxZoom: 13 });
    else if (state.center && state.zoom !== null) map.setView(toLatLng(state.center), state.zoom);
  }, [map, key]);
  return null;
}

/** Leaflet measures its container once: measure again when the notice below takes room. */
function SizeWatcher({ layoutKey }: { layoutKey: string }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutKey changes when the layout does.
  useEffect(() => {
    map.invalidateSize();
  }, [map, layoutKey]);
  return null;
}

/** Names the map for assistive technology (Leaflet's container is focusable for keyboard panning). */
function AccessibleName({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/**
 * The Leaflet map (loaded on demand). It is supplementary: every clinic is in the list beside
 * it, so its markers are mouse and touch targets only and not keyboard stops.
 */
export default function ClinicMapView({ state, clinics, onSelectClinic }: ClinicMapViewProps) {
  const { t } = useTranslation();
  const { integration } = usePortalConfig();
  const [tiles, setTiles] = useState({ loaded: 0, failed: 0 });
  const attribution = useMemo(
    () => sanitizeHtml(integration.mapTileAttribution),
    [integration.mapTileAttribution],
  );
  const selectedSlug = state.selectedClinic?.slug;
  const initialCenter = state.center ? toLatLng(state.center) : fallbackCenter;
  const tilesUnavailable = tiles.failed > 0 && tiles.loaded === 0;

  return (
    <div className={styles.frame}>
      <MapContainer
        className={styles.map}
        center={initialCenter}
        zoom={state.zoom ?? fallbackZoom}
        bounds={state.bounds ?? undefined}
        zoomControl={false}
        scrollWheelZoom={false}
      >
        <AccessibleName label={t('page.select_region.map_label')} />
        <ZoomControl
          position="topright"
          zoomInTitle={t('page.select_region.zoom_in')}
          zoomOutTitle={t('page.select_region.zoom_out')}
        />
        <TileLayer
          url={integration.mapTileUrl}
          attribution={attribution}
          eventHandlers={{
            tileload: () => setTiles((count) => ({ ...count, loaded: count.loaded + 1 })),
            tileerror: () => setTiles((count) => ({ ...count, failed: count.failed + 1 })),
          }}
        />
        <ViewController state={state} />
        <SizeWatcher layoutKey={tilesUnavailable ? 'notice' : 'plain'} />
        {clinics.map((clinic) => (
          <Marker
            key={clinic.slug}
            position={[clinic.latitude, clinic.longitude]}
            icon={clinic.slug === selectedSlug ? selectedIcon : clinicIcon}
            zIndexOffset={clinic.slug === selectedSlug ? 1000 : 0}
            keyboard={false}
            title={clinic.name}
            alt={clinic.name}
            eventHandlers={{ click: () => onSelectClinic(clinic.slug) }}
          />
        ))}
        {state.mobileLocations.map((location) => (
          <Marker
            key={`mobile-${location.id}`}
            position={[location.latitude, location.longitude]}
            icon={mobileIcon}
            keyboard={false}
            title={t('page.select_region.mobile_marker', { name: location.name })}
            alt={t('page.select_region.mobile_marker', { name: location.name })}
          />
        ))}
        {state.userLocation ? (
          <CircleMarker
            center={toLatLng(state.userLocation)}
            radius={9}
            interactive={false}
            pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#005eb8', fillOpacity: 1 }}
          />
        ) : null}
      </MapContainer>
      {tilesUnavailable ? (
        <p className={styles.notice} role="status">
          {t('page.select_region.map_tiles_failed')}
        </p>
      ) : null}
    </div>
  );
}
