import 'leaflet/dist/leaflet.css';
import type { ClinicSummary, GeoPoint, MobileLocation } from '@portal/contract';
import L from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { usePortalConfig } from '../../../lib/config.tsx';
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

interface MarkerInput {
  clinics: ClinicSummary[];
  selectedSlug: string | undefined;
  mobileLocations: MobileLocation[];
  userLocation: GeoPoint | null;
  mobileTitle: (name: string) => string;
  onSelectClinic: (slug: string) => void;
}

function drawMarkers(layer: L.LayerGroup, input: MarkerInput): void {
  layer.clearLayers();
  for (const clinic of input.clinics) {
    const selected = clinic.slug === input.selectedSlug;
    L.marker([clinic.latitude, clinic.longitude], {
      icon: selected ? selectedIcon : clinicIcon,
      zIndexOffset: selected ? 1000 : 0,
      keyboard: false,
      title: clinic.name,
      alt: clinic.name,
    })
      .on('click', () => input.onSelectClinic(clinic.slug))
      .addTo(layer);
  }
  for (const location of input.mobileLocations) {
    const title = input.mobileTitle(location.name);
    L.marker([location.latitude, location.longitude], {
      icon: mobileIcon,
      keyboard: false,
      title,
      alt: title,
    }).addTo(layer);
  }
  if (input.userLocation) {
    L.circleMarker(toLatLng(input.userLocation), {
      radius: 9,
      interactive: false,
      color: '#ffffff',
      weight: 3,
      fillColor: '#005eb8',
      fillOpacity: 1,
    }).addTo(layer);
  }
}

/**
 * The Leaflet map (loaded on demand), driven directly rather than through react-leaflet,
 * whose licence (Hippocratic 2.1) is not an open-source one (docs/decisions/006). It is
 * supplementary: every clinic is in the list beside it, so its markers are mouse and touch
 * targets only and not keyboard stops.
 */
export default function ClinicMapView({ state, clinics, onSelectClinic }: ClinicMapViewProps) {
  const { t } = useTranslation();
  const { integration } = usePortalConfig();
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  // The latest callback, so redrawing markers does not depend on the caller's identity.
  const onSelectRef = useRef(onSelectClinic);
  onSelectRef.current = onSelectClinic;
  const stateRef = useRef(state);
  stateRef.current = state;
  const [tiles, setTiles] = useState({ loaded: 0, failed: 0 });
  // Bumped when a map is created, so markers and view are drawn onto the new one.
  const [mapGeneration, setMapGeneration] = useState(0);
  const attribution = useSanitizedHtml(integration.mapTileAttribution);
  const zoomInTitle = t('page.select_region.zoom_in');
  const zoomOutTitle = t('page.select_region.zoom_out');
  const tilesUnavailable = tiles.failed > 0 && tiles.loaded === 0;
  const key = viewKey(state);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const initial = stateRef.current;
    const map = L.map(container, {
      center: initial.center ? toLatLng(initial.center) : fallbackCenter,
      zoom: initial.zoom ?? fallbackZoom,
      zoomControl: false,
      scrollWheelZoom: false,
    });
    L.control.zoom({ position: 'topright', zoomInTitle, zoomOutTitle }).addTo(map);
    L.tileLayer(integration.mapTileUrl, { attribution })
      .on('tileload', () => setTiles((count) => ({ ...count, loaded: count.loaded + 1 })))
      .on('tileerror', () => setTiles((count) => ({ ...count, failed: count.failed + 1 })))
      .addTo(map);
    markersRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    setMapGeneration((generation) => generation + 1);
    return () => {
      map.remove();
      mapRef.current = null;
      markersRef.current = null;
    };
  }, [integration.mapTileUrl, attribution, zoomInTitle, zoomOutTitle]);

  // Moves the map when the view the URL asks for changes; leaves the person's panning alone otherwise.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for center, zoom and bounds.
  useEffect(() => {
    const map = mapRef.current;
    const view = stateRef.current;
    if (!map) return;
    if (view.bounds) map.fitBounds(view.bounds, { padding: [32, 32], maxZoom: 13 });
    else if (view.center && view.zoom !== null) map.setView(toLatLng(view.center), view.zoom);
  }, [key, mapGeneration]);

  // Leaflet measures its container once: measure again when the notice below takes room.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the notice changes the layout.
  useEffect(() => {
    mapRef.current?.invalidateSize();
  }, [tilesUnavailable]);

  const selectedSlug = state.selectedClinic?.slug;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new map needs its markers drawn again.
  useEffect(() => {
    const layer = markersRef.current;
    if (!layer) return;
    drawMarkers(layer, {
      clinics,
      selectedSlug,
      mobileLocations: state.mobileLocations,
      userLocation: state.userLocation,
      mobileTitle: (name) => t('page.select_region.mobile_marker', { name }),
      onSelectClinic: (slug) => onSelectRef.current(slug),
    });
  }, [clinics, selectedSlug, state.mobileLocations, state.userLocation, t, mapGeneration]);

  return (
    <div className={styles.frame}>
      <section
        ref={containerRef}
        className={styles.map}
        aria-label={t('page.select_region.map_label')}
      />
      {tilesUnavailable ? (
        <p className={styles.notice} role="status">
          {t('page.select_region.map_tiles_failed')}
        </p>
      ) : null}
    </div>
  );
}
