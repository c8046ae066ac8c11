import type { MobileLocation } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../../lib/clinic-time.ts';
import styles from './clinic-list.module.css';

/** A mobile unit's first or last day ("4 May 2031"). */
const parkedDay: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** Mobile imaging units with where and when they are parked (docs/product/clinic-map.md#data). */
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
              start: formatCalendarDay(location.startDate, i18n.language, parkedDay),
              end: formatCalendarDay(location.endDate, i18n.language, parkedDay),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
