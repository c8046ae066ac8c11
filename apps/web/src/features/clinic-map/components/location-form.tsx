import type { GeoPoint, PostalCodeLocation, Region } from '@portal/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { searchPostalCodes } from '../api/clinic-map-api.ts';
import type { LocateStatus } from '../hooks/use-user-location.ts';
import styles from './location-form.module.css';

export interface LocationFormProps {
  regions: Region[] | undefined;
  regionSlug: string | undefined;
  onRegionChange: (regionSlug: string | undefined) => void;
  onLocation: (location: GeoPoint) => void;
  /** The searched or located place, named: shown in the field (also after a reload). */
  placeLabel: string | undefined;
  locateStatus: LocateStatus;
  onLocate: () => void;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'results'; query: string; places: PostalCodeLocation[] };

export const placeName = (place: PostalCodeLocation) => `${place.suburb} ${place.code}`;

/**
 * Region choice, postcode or suburb search and "Use my location"
 * (docs/product/clinic-map.md#the-page).
 */
export function LocationForm(props: LocationFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ kind: 'idle' });
  const resultsRef = useRef<HTMLUListElement>(null);

  // Several places match: take the person to the first choice.
  useEffect(() => {
    if (search.kind === 'results') resultsRef.current?.querySelector('button')?.focus();
  }, [search]);

  // The field shows the place the list is ordered from, and empties when a region replaces it.
  useEffect(() => {
    setQuery(props.placeLabel ?? '');
  }, [props.placeLabel]);

  // Geolocation refused or unavailable: the search field is the way on.
  useEffect(() => {
    if (props.locateStatus === 'failed') inputRef.current?.focus();
  }, [props.locateStatus]);

  const choose = (place: PostalCodeLocation) => {
    setSearch({ kind: 'idle' });
    setQuery(placeName(place));
    props.onLocation({ latitude: place.latitude, longitude: place.longitude });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q.length < 2) {
      setSearch({ kind: 'invalid' });
      inputRef.current?.focus();
      return;
    }
    setSearch({ kind: 'searching' });
    try {
      const places = await searchPostalCodes(q);
      const [only] = places;
      if (places.length === 1 && only) choose(only);
      else setSearch({ kind: 'results', query: q, places });
    } catch {
      setSearch({ kind: 'failed' });
    }
  };

  const invalid = search.kind === 'invalid';

  return (
    <div className={styles.form}>
      <Field
        id={`${id}-region`}
        label={t('page.select_region.region_label')}
        width="none"
        spacing="none"
      >
        {(control) => (
          <select
            {...control}
            className={`${control.className} ${styles.regionSelect}`}
            value={props.regionSlug ?? ''}
            onChange={(event) => props.onRegionChange(event.target.value || undefined)}
          >
            <option value="">{t('page.select_region.region_all')}</option>
            {props.regions?.map((region) => (
              <option key={region.slug} value={region.slug}>
                {region.name}
              </option>
            ))}
          </select>
        )}
      </Field>

      <search>
        <form onSubmit={onSubmit} noValidate>
          <Field
            id={`${id}-search`}
            label={t('page.select_region.search_label')}
            hint={t('page.select_region.search_hint')}
            error={invalid ? t('page.select_region.search_too_short') : null}
            width="none"
            spacing="none"
          >
            {(control) => (
              <div className={styles.searchRow}>
                <input
                  {...control}
                  ref={inputRef}
                  className={`${control.className} ${styles.searchInput}`}
                  type="search"
                  inputMode="search"
                  autoComplete="postal-code"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                />
                <button
                  type="submit"
                  className={styles.button}
                  disabled={search.kind === 'searching'}
                >
                  {t('page.select_region.search_button')}
                </button>
              </div>
            )}
          </Field>
        </form>
      </search>

      <div className={styles.locate}>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={props.onLocate}
          disabled={props.locateStatus === 'locating'}
        >
          {t('page.select_region.use_my_location')}
        </button>
      </div>

      <div aria-live="polite" className={styles.messages}>
        {props.locateStatus === 'locating' ? <p>{t('page.select_region.locating')}</p> : null}
        {props.locateStatus === 'failed' ? (
          <p className={styles.warning}>{t('page.select_region.location_failed')}</p>
        ) : null}
        {search.kind === 'searching' ? <p>{t('message.loading')}</p> : null}
        {search.kind === 'failed' ? (
          <p className={styles.warning}>{t('message.generic_error')}</p>
        ) : null}
        {search.kind === 'results' && search.places.length === 0 ? (
          <p className={styles.warning}>
            {t('page.select_region.search_no_results', { query: search.query })}
          </p>
        ) : null}
      </div>

      {search.kind === 'results' && search.places.length > 0 ? (
        <div className={styles.results}>
          <FieldGroup
            legend={t('page.select_region.search_results', { query: search.query })}
            spacing="none"
          >
            <ul ref={resultsRef} className={styles.resultList}>
              {search.places.map((place) => (
                <li key={place.id}>
                  <button type="button" className={styles.place} onClick={() => choose(place)}>
                    {placeName(place)}
                  </button>
                </li>
              ))}
            </ul>
          </FieldGroup>
        </div>
      ) : null}
    </div>
  );
}
