import type { AppointmentSummary } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { SmartLink } from '../../../components/ui/smart-link.tsx';
import { directionsUrl, telHref } from '../model/manage-rules.ts';
import styles from './manage.module.css';
import frame from './patient-page.module.css';

/**
 * Where the appointment is and how to get there: the clinic's name and address, a maps link
 * (a new tab, and its name says so) when the clinic has coordinates, and its phone as a tel:
 * link.
 */
export function ClinicDirections({ clinic }: { clinic: AppointmentSummary['clinic'] }) {
  const { t } = useTranslation();
  const maps = directionsUrl(clinic);
  return (
    <>
      {clinic.name}
      <br />
      {clinic.address}
      {maps || clinic.phone ? (
        <span className={styles.reach}>
          {maps ? (
            <SmartLink href={maps} external className={`${styles.reachLink} ${frame.noPrint}`}>
              {t('patient_portal.directions.get_directions')}
            </SmartLink>
          ) : null}
          {clinic.phone ? (
            <a href={telHref(clinic.phone)} className={styles.reachLink}>
              {t('patient_portal.directions.call', { phone: clinic.phone })}
            </a>
          ) : null}
        </span>
      ) : null}
    </>
  );
}
