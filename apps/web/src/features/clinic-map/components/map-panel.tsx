import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicMapViewProps } from './clinic-map-view.tsx';
import styles from './map-panel.module.css';

/** Leaflet loads only here, in its own chunk, after the list is already usable. */
const ClinicMapView = lazy(() => import('./clinic-map-view.tsx'));

function MapUnavailable() {
  const { t } = useTranslation();
  return <p className={styles.placeholder}>{t('page.select_region.map_unavailable')}</p>;
}

function MapLoading() {
  const { t } = useTranslation();
  return (
    <p className={styles.placeholder} role="status">
      {t('page.select_region.map_loading')}
    </p>
  );
}

/** If the map code fails (offline chunk, a Leaflet error), the list and form carry on. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children;
  }
}

export function MapPanel(props: ClinicMapViewProps) {
  return (
    <div className={styles.panel}>
      <MapBoundary>
        <Suspense fallback={<MapLoading />}>
          <ClinicMapView {...props} />
        </Suspense>
      </MapBoundary>
    </div>
  );
}
