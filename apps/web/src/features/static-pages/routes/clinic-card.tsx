import type { ContactClinic, OpeningHours } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatClinicTimeOfDay } from '../../../lib/clinic-time.ts';
import styles from './contact-page.module.css';

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

function hoursFor(openingHours: OpeningHours[], weekday: number) {
  return openingHours.filter((entry) => entry.weekday === weekday);
}

export function ClinicCard({ clinic }: { clinic: ContactClinic }) {
  const { t, i18n } = useTranslation();
  const headingId = `clinic-${clinic.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {clinic.name}
      </h3>
      <dl className={styles.details}>
        <dt>{t('page.contact.address')}</dt>
        <dd>
          {clinic.address}
          <br />
          {[clinic.suburb, clinic.state, clinic.postalCode].filter(Boolean).join(' ')}
        </dd>
        {clinic.phone ? (
          <>
            <dt>{t('page.contact.phone')}</dt>
            <dd>
              <a href={`tel:${clinic.phone.replace(/[^\d+]/g, '')}`}>{clinic.phone}</a>
            </dd>
          </>
        ) : null}
        {clinic.email ? (
          <>
            <dt>{t('page.contact.email')}</dt>
            <dd>
              <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
            </dd>
          </>
        ) : null}
      </dl>
      {clinic.openingHours.length > 0 ? (
        // Collapsed by default: a dozen clinics' weekly tables would make the page very long.
        <details className={styles.hoursDetails}>
          <summary className={styles.summary}>{t('page.contact.opening_hours')}</summary>
          <table className={styles.hours}>
            <caption className="visually-hidden">{t('page.contact.opening_hours')}</caption>
            <tbody>
              {weekdays.map((weekday) => {
                const hours = hoursFor(clinic.openingHours, weekday);
                return (
                  <tr key={weekday}>
                    <th scope="row">{t(`weekday.${weekday}`)}</th>
                    <td>
                      {hours.length === 0
                        ? t('page.contact.closed')
                        : hours
                            .map(
                              (entry) =>
                                `${formatClinicTimeOfDay(entry.opens, i18n.language)} – ${formatClinicTimeOfDay(entry.closes, i18n.language)}`,
                            )
                            .join(', ')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
