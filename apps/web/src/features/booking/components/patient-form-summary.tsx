import type { ClinicSummary, Exam } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { type ChosenSlots, chosenStartOf } from '../model/booking-params.ts';
import type { WalkInGuidance as Guidance } from '../model/booking-rules.ts';
import styles from './booking.module.css';
import { WalkInGuidance } from './walk-in-guidance.tsx';

/**
 * "Your booking" above the patient form: the clinic and each exam with its clinic-local time
 * (or "by request"), the walk-in guidance, and the way back to change the time.
 */
export function BookingSummary({
  id,
  exams,
  clinic,
  chosen,
  walkIn,
  onBack,
}: {
  id: string;
  exams: Exam[];
  clinic: ClinicSummary;
  chosen: ChosenSlots;
  walkIn: Guidance | null;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className={`${styles.panel} ${styles.bookingSummary}`} aria-labelledby={id}>
      <h2 id={id}>{t('booking.form.your_booking')}</h2>
      <p>{clinic.name}</p>
      <ul>
        {exams.map((exam) => {
          const start = chosenStartOf(chosen[exam.slug]);
          return (
            <li key={exam.slug}>
              {exam.nameWithModality}
              {start
                ? ` — ${formatClinicDateTime(start, clinic.timeZone, i18n.language)}`
                : ` — ${t('booking.form.by_request')}`}
            </li>
          );
        })}
      </ul>
      <WalkInGuidance guidance={walkIn} />
      <button type="button" className={styles.linkButton} onClick={onBack}>
        {t('booking.form.change_time')}
      </button>
    </section>
  );
}
