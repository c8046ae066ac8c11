import type { MoveAppointmentResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import type { AppointmentRef } from '../api/appointment-item.ts';
import { type AppointmentMove, useMoveAppointment } from '../api/move-appointment.ts';
import type { Refusal } from '../model/manage-rules.ts';
import { moveFailure } from '../model/move-failure.ts';
import styles from './reschedule.module.css';

/** One end of the move: the clinic-local time as written, and the clinic. */
export interface MoveEnd {
  time: string;
  clinicName: string;
}

/** The chosen time: as the patient reads it, and as the move asks the server for it. */
export interface MoveTarget extends MoveEnd {
  move: AppointmentMove;
}

/**
 * "Move your appointment from X to Y?" (docs/product/patient-portal.md#reschedule): asks before
 * the move is made, and makes it, so the move's code loads with the modal. While the call runs
 * the buttons stay where they are, marked busy; a failure other than a lost time or a refusal is
 * said here, and the patient may try again. A lost time or a refusal is the page's to say.
 */
export function RescheduleConfirm({
  appointment,
  priorMinutes,
  from,
  to,
  onMoved,
  onTaken,
  onRefused,
  onClose,
}: {
  appointment: AppointmentRef;
  /** The reschedule window from change-status, for a refusal's wording. */
  priorMinutes: number | undefined;
  from: MoveEnd;
  /** The chosen time; the modal is open while there is one. */
  to: MoveTarget | null;
  onMoved: (moved: MoveAppointmentResponse) => void;
  /** Someone took the time first, or it is no longer offered. */
  onTaken: () => void;
  /** The appointment cannot be moved online now. */
  onRefused: (refusal: Refusal) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const move = useMoveAppointment(appointment);
  const [failed, setFailed] = useState(false);
  const busy = move.isPending;
  const otherClinic = to !== null && to.clinicName !== from.clinicName;

  const confirm = async () => {
    if (!to) return;
    setFailed(false);
    let moved: MoveAppointmentResponse;
    try {
      moved = await move.mutateAsync(to.move);
    } catch (error) {
      const failure = moveFailure(error, priorMinutes);
      if (failure.kind === 'failed') setFailed(true);
      else if (failure.kind === 'refused') onRefused(failure.refusal);
      else onTaken();
      return;
    }
    onMoved(moved);
  };
  const close = () => {
    setFailed(false);
    onClose();
  };
  return (
    <Modal
      isOpen={to !== null}
      onClose={busy ? undefined : close}
      dismiss={busy ? 'static' : 'escape'}
      role="alertdialog"
      title={t('patient_portal.reschedule.confirm_title')}
      actions={
        <>
          <button
            type="button"
            className={styles.button}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void confirm();
            }}
          >
            {t(busy ? 'patient_portal.reschedule.moving' : 'patient_portal.reschedule.confirm')}
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) close();
            }}
          >
            {t('patient_portal.reschedule.keep')}
          </button>
        </>
      }
    >
      {to ? (
        <p className={styles.question}>
          {otherClinic
            ? t('patient_portal.reschedule.confirm_text_clinic', {
                from: from.time,
                fromClinic: from.clinicName,
                to: to.time,
                toClinic: to.clinicName,
              })
            : t('patient_portal.reschedule.confirm_text', { from: from.time, to: to.time })}
        </p>
      ) : null}
      {failed ? (
        <p className={styles.inlineError} role="alert">
          {t('patient_portal.reschedule.failed')}
        </p>
      ) : null}
    </Modal>
  );
}
