import type { AppointmentSummary, MoveAppointmentResponse } from '@portal/contract';
import { patientPortalErrorCodes } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import type { PatientPageTarget } from '../../../lib/patient-access.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { usePatientPortalConfig } from '../api/portal-config-api.ts';
import { useRescheduleStatus } from '../api/reschedule-api.ts';
import { useAppointmentsSummary } from '../api/summary-api.ts';
import { ClinicChoice, useClinicsForExam } from '../components/clinic-choice.tsx';
import { patientNoticeState } from '../components/patient-notice.tsx';
import { PatientPage } from '../components/patient-page.tsx';
import portal from '../components/patient-portal.module.css';
import styles from '../components/reschedule.module.css';
import { RescheduleTimes, type TimesClinic } from '../components/reschedule-times.tsx';
import {
  hasActions,
  periodOf,
  type Refusal,
  rescheduleRefusal,
  telHref,
  walkInRefusal,
} from '../model/manage-rules.ts';

/**
 * The reschedule page (docs/product/patient-portal.md#reschedule):
 * /appointments/:bookingKey/reschedule/:appointmentId, behind the APPOINTMENT session check.
 * The appointment's current time, then the free times of the same exam at its clinic (or, on
 * request, at another clinic that performs it); a chosen time is confirmed, then moved, and the
 * patient goes back to the appointment page, which says where it moved.
 */
export function ReschedulePage() {
  const { t } = useTranslation();
  const params = useParams();
  const bookingKey = params.bookingKey ?? '';
  const appointmentId = params.appointmentId ?? '';
  const target = useMemo<PatientPageTarget>(
    () => ({ bookingKey, type: 'APPOINTMENT' }),
    [bookingKey],
  );
  return (
    <PatientPage title={t('patient_portal.reschedule.title')} target={target}>
      {(authenticated) => (
        <Reschedule bookingKey={bookingKey} appointmentId={appointmentId} enabled={authenticated} />
      )}
    </PatientPage>
  );
}

/** A cancelled or already moved appointment (docs/product/patient-portal.md#manage, message.reschedule_cancelled_appts). */
const cancelledRefusal: Refusal = {
  title: patientPortalErrorCodes.rescheduleNotAllowed,
  message: patientPortalErrorCodes.rescheduleCancelled,
};

const notFound: Refusal = {
  title: patientPortalErrorCodes.rescheduleNotAllowed,
  message: 'patient_portal.reschedule.not_found',
};

function Reschedule({
  bookingKey,
  appointmentId,
  enabled,
}: {
  bookingKey: string;
  appointmentId: string;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const link = usePreservedLink();
  const navigate = useNavigate();
  const summary = useAppointmentsSummary(bookingKey, enabled);
  const appointment = summary.data?.appointments.find((item) => item.id === appointmentId);
  const movable = appointment !== undefined && hasActions(appointment);
  const status = useRescheduleStatus({ bookingKey, appointmentId }, enabled && movable);
  const config = usePatientPortalConfig();
  // A refusal of the move call itself (409), said where the times were, focused.
  const [refused, setRefused] = useState<Refusal | null>(null);
  const back = link(`/appointments/${encodeURIComponent(bookingKey)}`);

  if (summary.isPending) return <Loading />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  if (!appointment) return <RefusalPanel refusal={notFound} back={back} />;

  const walkIn = appointment.exam.walkIn === true;
  if (movable && (status.isPending || (walkIn && config.isPending))) return <Loading />;
  if (status.isError) return <LoadError onRetry={() => void status.refetch()} />;
  const refusal =
    refused ??
    (!movable || !status.data
      ? cancelledRefusal
      : walkIn && !config.data?.rescheduleWalkInAllowed
        ? walkInRefusal
        : status.data.canChange
          ? null
          : rescheduleRefusal(status.data));

  const moved = (result: MoveAppointmentResponse, clinicName: string | null) =>
    navigate(back, {
      state: patientNoticeState({
        kind: 'APPOINTMENT_MOVED',
        start: result.replacement.startsAt,
        timeZone: result.replacement.timeZone,
        clinicName,
      }),
    });

  return (
    <>
      <CurrentAppointment appointment={appointment} />
      {refusal ? (
        <RefusalPanel
          refusal={refusal}
          back={back}
          phone={appointment.clinic.phone ?? null}
          clinicName={appointment.clinic.name}
          focus={refused !== null}
        />
      ) : (
        <NewTime
          bookingKey={bookingKey}
          appointment={appointment}
          priorMinutes={status.data?.priorMinutes}
          onRefused={setRefused}
          onMoved={moved}
        />
      )}
      {refusal ? null : (
        <p className={styles.backLine}>
          <Link to={back}>{t('patient_portal.reschedule.back')}</Link>
        </p>
      )}
    </>
  );
}

function CurrentAppointment({ appointment }: { appointment: AppointmentSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <Card labelledBy="reschedule-current">
      <h2 id="reschedule-current" className={portal.cardTitle}>
        {appointment.exam.name}
      </h2>
      <dl className={portal.details}>
        <div>
          <dt>{t('patient_portal.reschedule.current_time')}</dt>
          <dd>{formatClinicDateTime(appointment.startsAt, appointment.timeZone, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('patient_portal.where')}</dt>
          <dd>
            {appointment.clinic.name}
            <br />
            {appointment.clinic.address}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Choose a new time: at the appointment's clinic, or at another one the patient picks. */
function NewTime({
  bookingKey,
  appointment,
  priorMinutes,
  onRefused,
  onMoved,
}: {
  bookingKey: string;
  appointment: AppointmentSummary;
  priorMinutes: number | undefined;
  onRefused: (refusal: Refusal) => void;
  onMoved: (result: MoveAppointmentResponse, clinicName: string | null) => void;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const own = appointment.clinic;
  // `clinic` in the address: the list of clinics is open, with this one chosen.
  const chosenSlug = params.get('clinic');
  const open = chosenSlug !== null;
  const clinics = useClinicsForExam(appointment, open);
  const other =
    open && chosenSlug !== own.slug
      ? clinics.data?.clinics.find((c) => c.slug === chosenSlug)
      : undefined;
  const clinic: TimesClinic | null = other
    ? other
    : own.slug
      ? { id: own.id, slug: own.slug, name: own.name, timeZone: own.timeZone }
      : null;
  const setClinic = (slug: string | null) => {
    const next = new URLSearchParams(params);
    if (slug === null) next.delete('clinic');
    else next.set('clinic', slug);
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="reschedule-new-time" className={styles.newTime}>
      <h2 id="reschedule-new-time" className={styles.sectionTitle}>
        {t('patient_portal.reschedule.choose_time_heading')}
      </h2>
      <p className={styles.atClinic}>
        {t('patient_portal.reschedule.times_at', { clinic: (clinic ?? own).name })}
      </p>
      {own.slug ? (
        <ClinicChoice
          appointment={appointment}
          open={open}
          clinicSlug={clinic?.slug ?? own.slug}
          clinics={clinics}
          onOpenChange={(next) => setClinic(next ? (own.slug ?? null) : null)}
          onChange={(picked) => setClinic(picked.slug)}
        />
      ) : null}
      {open && chosenSlug !== own.slug && clinics.isPending ? (
        <Loading />
      ) : clinic ? (
        <RescheduleTimes
          key={clinic.slug}
          bookingKey={bookingKey}
          appointment={appointment}
          clinic={clinic}
          priorMinutes={priorMinutes}
          onRefused={onRefused}
          onMoved={(result) => onMoved(result, clinic.slug === own.slug ? null : clinic.name)}
        />
      ) : null}
    </section>
  );
}

/** Why the appointment cannot be moved here, what to do instead, and the way back. */
function RefusalPanel({
  refusal,
  back,
  phone = null,
  clinicName,
  focus = false,
}: {
  refusal: Refusal;
  back: string;
  phone?: string | null;
  clinicName?: string;
  /** Take focus when shown: it replaced the times the patient was on. */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it appears.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  const period = refusal.priorMinutes === undefined ? null : periodOf(refusal.priorMinutes);
  return (
    <div className={styles.refusal}>
      <h2 ref={heading} tabIndex={-1} className={styles.refusalTitle}>
        {t(refusal.title)}
      </h2>
      <p>
        {t(refusal.message, {
          period: period ? t(`patient_portal.period.${period.key}`, { count: period.count }) : '',
        })}
      </p>
      {phone && clinicName ? (
        <p>
          {t('patient_portal.reschedule.call', { clinic: clinicName })}{' '}
          <a href={telHref(phone)}>{phone}</a>
        </p>
      ) : null}
      <p className={styles.backLine}>
        <Link to={back} className={styles.button}>
          {t('patient_portal.reschedule.back')}
        </Link>
      </p>
    </div>
  );
}
