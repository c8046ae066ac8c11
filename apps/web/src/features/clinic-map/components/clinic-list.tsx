import type { ClinicSummary } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { formatDistance } from '../hooks/map-view.ts';
import type { FocusRequest } from '../hooks/use-clinic-map.ts';
import styles from './clinic-list.module.css';

export interface ClinicListProps {
  clinics: ClinicSummary[];
  selectedSlug: string | undefined;
  onSelect: (slug: string) => void;
  /** A clinic chosen on the map: the list brings it into view and focus. */
  focusRequest: FocusRequest | null;
}

/** The booking flow's entry for one clinic: the home page with the clinic chosen. */
export const bookHereTarget = (slug: string) => `/?clinic=${encodeURIComponent(slug)}`;

function ClinicItem({
  clinic,
  selected,
  onSelect,
  focusRequest,
}: {
  clinic: ClinicSummary;
  selected: boolean;
  onSelect: (slug: string) => void;
  focusRequest: FocusRequest | null;
}) {
  const { t, i18n } = useTranslation();
  const link = usePreservedLink();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = `clinic-${clinic.slug}`;

  useEffect(() => {
    if (focusRequest?.slug === clinic.slug) {
      headingRef.current?.scrollIntoView?.({ block: 'nearest' });
      headingRef.current?.focus({ preventScroll: true });
    }
  }, [focusRequest, clinic.slug]);

  return (
    <li
      className={selected ? `${styles.item} ${styles.selected}` : styles.item}
      aria-labelledby={headingId}
      aria-current={selected ? 'true' : undefined}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.name}>
        {clinic.name}
      </h3>
      {selected ? <p className={styles.selectedTag}>{t('page.select_region.selected')}</p> : null}
      <p className={styles.line}>
        {clinic.address}
        <br />
        {[clinic.suburb, clinic.state, clinic.postalCode].filter(Boolean).join(' ')}
      </p>
      {clinic.phone ? (
        <p className={styles.line}>
          {t('page.select_region.phone')}{' '}
          <a href={`tel:${clinic.phone.replace(/[^\d+]/g, '')}`}>{clinic.phone}</a>
        </p>
      ) : null}
      {clinic.distanceKm !== null ? (
        <p className={styles.distance}>
          {t('page.select_region.distance', {
            distance: formatDistance(clinic.distanceKm, i18n.language),
          })}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link className={styles.book} to={link(bookHereTarget(clinic.slug))}>
          {t('page.select_region.book_here')}{' '}
          <span className="visually-hidden">
            {t('page.select_region.at_clinic', { name: clinic.name })}
          </span>
        </Link>
        <button
          type="button"
          className={styles.show}
          aria-pressed={selected}
          onClick={() => onSelect(clinic.slug)}
        >
          {t('page.select_region.show_on_map')}{' '}
          <span className="visually-hidden">
            {t('page.select_region.at_clinic', { name: clinic.name })}
          </span>
        </button>
      </div>
    </li>
  );
}

/**
 * The clinics, nearest first, with everything the map offers (docs/product/clinic-map.md#the-page).
 */
export function ClinicList({ clinics, selectedSlug, onSelect, focusRequest }: ClinicListProps) {
  return (
    <ul className={styles.list}>
      {clinics.map((clinic) => (
        <ClinicItem
          key={clinic.slug}
          clinic={clinic}
          selected={clinic.slug === selectedSlug}
          onSelect={onSelect}
          focusRequest={focusRequest}
        />
      ))}
    </ul>
  );
}
