import type { ContactClinic, OpeningHours } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import styles from './contact-page.module.css';

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** "08:00" in the page's locale ("8:00 am" for en-AU); clinic-local, so no time zone maths. */
function formatTime(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hours, minutes));
}

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
                                `${formatTime(entry.opens, i18n.language)} – ${formatTime(entry.closes, i18n.language)}`,
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
