import type { AppointmentResult } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/page.tsx';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import styles from './patient-portal.module.css';
import results from './results.module.css';

/**
 * One appointment's result (docs/product/patient-portal.md#results-and-sharing): the exam, the
 * clinic and its clinic-local date, then the report's title and text as plain text with its line
 * breaks (never as HTML), or that it is not ready yet; whether images can be seen. `actions` is
 * the owner's share button; a recipient's card has none.
 */
export function ResultCard({
  result,
  actions,
}: {
  result: AppointmentResult;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `result-${result.appointmentId}`;
  const ready = result.status === 'AVAILABLE' && result.report !== null;
  return (
    <Card as="article" labelledBy={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {result.exam.name}
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>{t('results.date')}</dt>
          <dd>
            {formatClinicDateTime(result.startsAt, result.timeZone, i18n.language, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
          </dd>
        </div>
        <div>
          <dt>{t('results.clinic')}</dt>
          <dd>{result.clinic.name}</dd>
        </div>
        <div>
          <dt>{t('patient_portal.modality')}</dt>
          <dd>{result.exam.modalityName}</dd>
        </div>
      </dl>
      {ready && result.report ? (
        <section className={results.report} aria-labelledby={`${headingId}-report`}>
          <h3 id={`${headingId}-report`}>{result.report.title}</h3>
          {/* Plain text from the provider: React escapes it; pre-wrap keeps its line breaks. */}
          <p className={results.reportText}>{result.report.text}</p>
        </section>
      ) : (
        <p className={results.notReady}>{t('results.not_ready')}</p>
      )}
      {ready && !result.imagesAvailable ? (
        <p className={results.images}>{t('results.images_not_available')}</p>
      ) : null}
      {actions}
    </Card>
  );
}
