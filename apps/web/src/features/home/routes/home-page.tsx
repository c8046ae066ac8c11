import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRadiologyConfig } from '../../../lib/config.tsx';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import styles from './home-page.module.css';

/**
 * The booking portal home. The booking form arrives with the booking feature; until then the
 * page welcomes the patient and says how to book meanwhile.
 */
export function HomePage() {
  const { t } = useTranslation();
  const radiology = useRadiologyConfig();
  const link = usePreservedLink();
  return (
    <div className={styles.home}>
      <h1 className={styles.title}>{t('page.home.title', { name: radiology.name })}</h1>
      <p className={styles.lead}>{t('page.home.lead')}</p>

      <section className={styles.notice} aria-labelledby="booking-soon">
        <h2 id="booking-soon" className={styles.noticeTitle}>
          {t('page.home.booking_soon_title')}
        </h2>
        <p>{t('page.home.booking_soon_text')}</p>
        <Link className={styles.button} to={link('/contact')}>
          {t('page.home.find_clinic')}
        </Link>
      </section>

      <h2>{t('page.home.steps_title')}</h2>
      <ol className={styles.steps}>
        <li>
          <h3>{t('page.home.step_exam_title')}</h3>
          <p>{t('page.home.step_exam_text')}</p>
        </li>
        <li>
          <h3>{t('page.home.step_clinic_title')}</h3>
          <p>{t('page.home.step_clinic_text')}</p>
        </li>
        <li>
          <h3>{t('page.home.step_details_title')}</h3>
          <p>{t('page.home.step_details_text')}</p>
        </li>
      </ol>
    </div>
  );
}
