import type { TimedPreparationStep } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import styles from './preparation-times.module.css';

/**
 * When a step falls: weekday and clinic-local time, with the zone's short name, so the two
 * 1:30 ams of a night the clocks go back read apart ("Sunday 1:30 am BST", "... GMT").
 */
export const preparationTimeStyle: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

export interface PreparationTimesProps {
  /** The appointment's timed steps from the server, earliest first. */
  steps: readonly TimedPreparationStep[];
  /** The clinic's zone (the appointment's `timeZone`). */
  timeZone: string;
}

/**
 * An appointment's preparation as clinic-local times, earliest first
 * (docs/product/patient-portal.md#timed-preparation). Nothing when the exam has no steps. The
 * instruction is the provider's own text; only the heading and the phrasing are translated.
 */
export function PreparationTimes({ steps, timeZone }: PreparationTimesProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (steps.length === 0) return null;
  return (
    <section className={styles.preparation} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('patient_portal.preparation.heading')}</h3>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={`${step.minutesBefore} ${step.instruction}`}>
            {t('patient_portal.preparation.step', {
              time: formatClinicDateTime(step.at, timeZone, i18n.language, preparationTimeStyle),
              instruction: step.instruction,
            })}
          </li>
        ))}
      </ol>
    </section>
  );
}
