import type { MobileLocation } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import styles from './clinic-list.module.css';

/** "2031-05-04" as a calendar date in the page's locale (no time zone maths: it is a date). */
export function formatIsoDate(date: string, locale: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, day));
}

/** Mobile imaging units with where and when they are parked (spec 2 §3 "Mobile location"). */
export function MobileLocationList({ locations }: { locations: MobileLocation[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={styles.list}>
      {locations.map((location) => (
        <li key={location.id} className={styles.item} aria-labelledby={`mobile-${location.id}`}>
          <h3 id={`mobile-${location.id}`} className={styles.name}>
            {location.name}
          </h3>
          <p className={styles.line}>{location.address}</p>
          <p className={styles.distance}>
            {t('page.select_region.mobile_dates', {
              start: formatIsoDate(location.startDate, i18n.language),
              end: formatIsoDate(location.endDate, i18n.language),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
