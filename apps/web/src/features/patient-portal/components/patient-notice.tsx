import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import styles from './patient-notice.module.css';

/**
 * What a patient page tells on arrival about the change just made on another page: carried in
 * the navigation's state (`patientNoticeState`), so the address stays the page's own.
 */
export interface AppointmentMovedNotice {
  kind: 'APPOINTMENT_MOVED';
  /** The new start and its clinic's zone. */
  start: string;
  timeZone: string;
  /** The new clinic, when the patient chose another one. */
  clinicName: string | null;
}
export type PatientNoticeValue = AppointmentMovedNotice;

/** The `state` of the navigation that should show the notice. */
export const patientNoticeState = (notice: PatientNoticeValue) => ({ patientNotice: notice });

function noticeOf(state: unknown): PatientNoticeValue | null {
  if (typeof state !== 'object' || state === null || !('patientNotice' in state)) return null;
  const notice = (state as { patientNotice: unknown }).patientNotice;
  return typeof notice === 'object' &&
    notice !== null &&
    (notice as { kind?: unknown }).kind === 'APPOINTMENT_MOVED'
    ? (notice as AppointmentMovedNotice)
    : null;
}

/**
 * The notice in a polite live region: the region is in the page first and the words come a
 * moment later, so screen readers say them. Read once: the history entry's state is cleared,
 * so a reload or coming back to this page does not tell it again.
 */
export function PatientNotice() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => noticeOf(location.state));
  const [shown, setShown] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the state it arrived with.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setShown(true), 50);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
    return () => clearTimeout(timer);
  }, []);

  const time = notice ? formatClinicDateTime(notice.start, notice.timeZone, i18n.language) : '';
  return (
    <div role="status" aria-atomic="true">
      {shown && notice ? (
        <p className={styles.success}>
          {notice.clinicName
            ? t('patient_portal.reschedule.moved_clinic', { time, clinic: notice.clinicName })
            : t('patient_portal.reschedule.moved', { time })}
        </p>
      ) : null}
    </div>
  );
}
