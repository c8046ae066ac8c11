import type { AppointmentSummary } from '@portal/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { useFocusRescue } from '../hooks/use-focus-rescue.ts';
import { hasActions } from '../model/manage-rules.ts';
import { AppointmentActions } from './appointment-actions.tsx';
import { ClinicDirections } from './clinic-directions.tsx';
import manage from './manage.module.css';
import styles from './patient-portal.module.css';
import { PreparationTimes } from './preparation-times.tsx';
import { StatusNotice } from './status-notice.tsx';

// The documents section loads when near (below the appointment's details and actions) or at
// the patient's first key or tap, apart from the page's first load (its initial JavaScript
// budget, docs/benchmarks.md, decision 026); its modals on first use.
const AppointmentDocuments = lazy(async () => ({
  default: (await import('./attachments-section.tsx')).AppointmentDocuments,
}));
// Check-in from home (docs/product/check-in.md#the-web) loads as its place is neared, and at
// once when the address asks for it (?checkIn=, the QR code's link); its modals on first press.
const AppointmentCheckIn = lazy(async () => ({
  default: (await import('./appointment-check-in.tsx')).AppointmentCheckIn,
}));

/**
 * One current appointment (docs/product/patient-portal.md#manage): exam, clinic-local time,
 * clinic with directions, status, and while it is BOOKED or PENDING when the patient confirmed,
 * the preparation and the actions row; then its documents. What a change did is said under it,
 * in a polite live region.
 */
export function AppointmentCard({
  bookingKey,
  appointment,
}: {
  bookingKey: string;
  appointment: AppointmentSummary;
}) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = `appointment-${appointment.id}`;
  const clinicTime = (instant: string) =>
    formatClinicDateTime(instant, appointment.timeZone, i18n.language);
  // Preparation and actions only for an appointment still to come (BOOKED, PENDING).
  const active = hasActions(appointment);
  const focusCard = useFocusRescue(heading);
  const checkInAsked = new URLSearchParams(useLocation().search).get('checkIn') === appointment.id;

  return (
    <Card as="article" labelledBy={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {appointment.exam.name}
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>{t('patient_portal.when')}</dt>
          <dd>{clinicTime(appointment.startsAt)}</dd>
        </div>
        <div>
          <dt>{t('patient_portal.where')}</dt>
          <dd>
            <ClinicDirections clinic={appointment.clinic} />
          </dd>
        </div>
        <div>
          <dt>{t('patient_portal.modality')}</dt>
          <dd>{appointment.exam.modalityName}</dd>
        </div>
        <div>
          <dt>{t('patient_portal.status')}</dt>
          <dd>
            <strong className={styles.tag}>
              {t(`patient_portal.appointment_status.${appointment.status}`, {
                defaultValue: appointment.status,
              })}
            </strong>
            {appointment.confirmedAt && active ? (
              <p className={manage.confirmed}>
                {t('patient_portal.actions.confirmed_on', {
                  date: clinicTime(appointment.confirmedAt),
                })}
              </p>
            ) : null}
          </dd>
        </div>
      </dl>
      {active && appointment.preparation ? (
        <PreparationTimes steps={appointment.preparation} timeZone={appointment.timeZone} />
      ) : null}
      {active && appointment.exam.prepInstructions ? (
        <div className={styles.prep}>
          <h3>{t('patient_portal.prep_instructions')}</h3>
          <p>{appointment.exam.prepInstructions}</p>
        </div>
      ) : null}
      {active ? (
        <AppointmentActions
          bookingKey={bookingKey}
          appointment={appointment}
          onNotice={setNotice}
          focusCard={focusCard}
        />
      ) : null}
      {appointment.status === 'BOOKED' ? (
        <WhenNear now={checkInAsked}>
          <Suspense fallback={null}>
            <AppointmentCheckIn
              bookingKey={bookingKey}
              appointmentId={appointment.id}
              timeZone={appointment.timeZone}
              autoStart={checkInAsked}
              onNotice={setNotice}
            />
          </Suspense>
        </WhenNear>
      ) : null}
      <WhenNear>
        <Suspense fallback={null}>
          <AppointmentDocuments
            bookingKey={bookingKey}
            appointmentId={appointment.id}
            active={active}
            onNotice={setNotice}
          />
        </Suspense>
      </WhenNear>
      <StatusNotice text={notice} />
    </Card>
  );
}
