import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { ClinicList } from '../components/clinic-list.tsx';
import { LocationForm, placeName } from '../components/location-form.tsx';
import { MapPanel } from '../components/map-panel.tsx';
import { MobileLocationList } from '../components/mobile-location-list.tsx';
import { useClinicMap } from '../hooks/use-clinic-map.ts';
import styles from './clinic-map-page.module.css';

/**
 * The clinic map page (docs/product/clinic-map.md#the-page; /select-region and
 * /iframe/select-region): find clinics by region, by postcode or suburb, or near the person; the
 * list works without the map.
 */
export function ClinicMapPage() {
  const { t } = useTranslation();
  const map = useClinicMap();
  const { params, clinics, region } = map;
  const list = clinics.data?.clinics ?? [];

  let orderedFrom: string;
  if (params.location)
    orderedFrom = map.place.data
      ? t('page.select_region.ordered_from_place', { place: placeName(map.place.data) })
      : t('page.select_region.ordered_from_point');
  else if (region)
    orderedFrom = t('page.select_region.ordered_from_region', { region: region.name });
  else orderedFrom = t('page.select_region.all_clinics');

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('page.select_region.title')}</h1>
      <p className={styles.lead}>{t('page.select_region.lead')}</p>

      <LocationForm
        regions={map.regions.data}
        regionSlug={params.regionSlug}
        onRegionChange={map.selectRegion}
        onLocation={map.selectLocation}
        placeLabel={params.location && map.place.data ? placeName(map.place.data) : undefined}
        locateStatus={map.locateStatus}
        onLocate={() => void map.locateMe()}
      />

      <div className={styles.layout}>
        <div className={styles.listColumn}>
          <section aria-labelledby="clinics-heading">
            <h2 id="clinics-heading" className={styles.heading}>
              {t('page.select_region.clinics_heading')}
            </h2>
            <p className={styles.orderedFrom} aria-live="polite">
              {clinics.isSuccess ? orderedFrom : null}
            </p>
            {clinics.isPending ? (
              <Loading />
            ) : clinics.isError ? (
              <LoadError onRetry={() => void clinics.refetch()} />
            ) : list.length === 0 ? (
              <p>{t('page.select_region.no_clinics')}</p>
            ) : (
              <ClinicList
                clinics={list}
                selectedSlug={map.state.selectedClinic?.slug}
                onSelect={map.selectClinic}
                focusRequest={map.focusRequest}
              />
            )}
          </section>

          {map.state.mobileLocations.length > 0 ? (
            <section className={styles.mobileSection} aria-labelledby="mobile-heading">
              <h2 id="mobile-heading" className={styles.heading}>
                {t('page.select_region.mobile_heading')}
              </h2>
              <MobileLocationList locations={map.state.mobileLocations} />
            </section>
          ) : null}
        </div>

        <div className={styles.mapColumn}>
          <MapPanel state={map.state} clinics={list} onSelectClinic={map.selectClinicOnMap} />
        </div>
      </div>
    </div>
  );
}
