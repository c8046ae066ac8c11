import type { AppointmentSummary, CanChangeStatusResponse } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { usePortalConfig } from '../../../lib/config.tsx';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { calendarFileUrl, confirmAppointment } from '../api/appointment-actions-api.ts';
import { fetchChangeStatus } from '../api/appointment-item.ts';
import { usePatientPortalConfig } from '../api/portal-config-api.ts';
import { useCancelFlow } from '../hooks/use-cancel-flow.ts';
import {
  cancelRefusal,
  mayConfirm,
  mayOpenCancel,
  type Refusal,
  reschedulePath,
  rescheduleRefusal,
  walkInRefusal,
} from '../model/manage-rules.ts';
import styles from './manage.module.css';
import { CancelReasonModal, preloadManageModals, RefusalModal } from './manage-modals.tsx';
import frame from './patient-page.module.css';

export interface AppointmentActionsProps {
  bookingKey: string;
  appointment: AppointmentSummary;
  /** Says what a change did in the page's live region. */
  onNotice: (text: string) => void;
  /** Focus the card: after a change that removes the button the patient pressed. */
  focusCard: () => void;
}

type Busy = 'confirm' | 'change' | 'cancel' | null;

/**
 * The actions row of a BOOKED or PENDING appointment (docs/product/patient-portal.md#manage):
 * confirm attendance, change time, cancel, add to calendar, print. Each asks the server first
 * where the specification says so (change-status), explains a refusal in the error modal, and
 * gives focus back to its button when a modal closes.
 */
export function AppointmentActions({
  bookingKey,
  appointment,
  onNotice,
  focusCard,
}: AppointmentActionsProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const link = usePreservedLink();
  const config = usePatientPortalConfig().data;
  // Read-only mode (decision 036): cancel and change time say so before their modals.
  const { readOnly } = usePortalConfig().application;
  const ref = { bookingKey, appointmentId: appointment.id };
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [cancelStatus, setCancelStatus] = useState<CanChangeStatusResponse | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const refusedBy = useRef<HTMLButtonElement | null>(null);

  const refuse = (why: Refusal, trigger: HTMLButtonElement | null) => {
    refusedBy.current = trigger;
    setRefusal(why);
  };
  const failed = (trigger: HTMLButtonElement | null, error?: unknown) =>
    refuse(
      isReadOnlyRefusal(error)
        ? readOnlyRefusal
        : { title: 'page.error.title', message: 'message.generic_error' },
      trigger,
    );

  const cancelFlow = useCancelFlow({
    appointment: ref,
    priorMinutes: cancelStatus?.priorMinutes ?? 0,
    onDone: (outcome) => {
      setCancelStatus(null);
      if (outcome.kind === 'canceled') {
        onNotice(t('patient_portal.cancel.success'));
        focusCard();
      } else if (outcome.kind === 'requested') {
        onNotice(t('patient_portal.cancel.requested'));
        cancelButton.current?.focus();
      } else if (outcome.kind === 'questionnaire') {
        navigate(link(outcome.path));
      } else if (outcome.refusal) {
        refuse(outcome.refusal, cancelButton.current);
      } else {
        failed(cancelButton.current);
      }
    },
  });

  const whileBusy = async (what: Busy, work: () => Promise<void>) => {
    if (busy) return;
    // Each action may end in a modal: its code loads while the server answers.
    preloadManageModals();
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const confirmAttendance = () =>
    whileBusy('confirm', async () => {
      try {
        await confirmAppointment(queryClient, ref);
        onNotice(t('message.appointment_confirmation'));
        // The button is gone; "Confirmed on ..." stands in the card.
        focusCard();
      } catch (error) {
        failed(null, error);
      }
    });

  const changeTime = () =>
    whileBusy('change', async () => {
      if (appointment.exam.walkIn && !config?.rescheduleWalkInAllowed) {
        refuse(walkInRefusal, changeButton.current);
        return;
      }
      if (readOnly) {
        refuse(readOnlyRefusal, changeButton.current);
        return;
      }
      try {
        const status = await fetchChangeStatus(ref, 'RESCHEDULE');
        if (status.canChange) navigate(link(reschedulePath(bookingKey, appointment.id)));
        else refuse(rescheduleRefusal(status), changeButton.current);
      } catch {
        failed(changeButton.current);
      }
    });

  const startCancel = () =>
    whileBusy('cancel', async () => {
      if (readOnly) {
        refuse(readOnlyRefusal, cancelButton.current);
        return;
      }
      try {
        const status = await fetchChangeStatus(ref, 'CANCEL');
        if (mayOpenCancel(status)) setCancelStatus(status);
        else refuse(cancelRefusal(status), cancelButton.current);
      } catch {
        failed(cancelButton.current);
      }
    });

  const closeRefusal = () => {
    setRefusal(null);
    const trigger = refusedBy.current;
    // After the modal has let go of focus, give it back to the button that led here.
    requestAnimationFrame(() => trigger?.focus());
  };

  const buttonProps = (what: Exclude<Busy, null>) => ({
    type: 'button' as const,
    'aria-disabled': busy === what || undefined,
  });

  return (
    <>
      <ul
        className={`${styles.actions} ${frame.noPrint}`}
        aria-label={t('patient_portal.actions.label')}
      >
        {mayConfirm(appointment) ? (
          <li>
            <button
              {...buttonProps('confirm')}
              className={styles.button}
              onClick={confirmAttendance}
            >
              {t('patient_portal.actions.confirm')}
            </button>
          </li>
        ) : null}
        <li>
          <button
            {...buttonProps('change')}
            ref={changeButton}
            className={styles.secondaryButton}
            onClick={changeTime}
          >
            {t('patient_portal.actions.change_time')}
          </button>
        </li>
        <li>
          <button
            {...buttonProps('cancel')}
            ref={cancelButton}
            className={styles.secondaryButton}
            onClick={startCancel}
          >
            {t('patient_portal.actions.cancel')}
          </button>
        </li>
        <li>
          <a className={styles.secondaryButton} href={calendarFileUrl(ref)} download>
            {t('patient_portal.actions.add_to_calendar')}
          </a>
        </li>
        <li>
          <button type="button" className={styles.secondaryButton} onClick={() => window.print()}>
            {t('patient_portal.actions.print')}
          </button>
        </li>
      </ul>
      <CancelReasonModal
        isOpen={cancelStatus !== null}
        reasons={config?.cancelReasons ?? []}
        texts={{
          title: t('patient_portal.cancel.title'),
          confirmTitle: t('patient_portal.cancel.confirm_title'),
          confirmText: t('patient_portal.cancel.confirm_text', {
            exam: appointment.exam.name,
            when: formatClinicDateTime(appointment.startsAt, appointment.timeZone, i18n.language),
          }),
          keep: t('patient_portal.cancel.keep'),
          yes: t('patient_portal.cancel.yes'),
          no: t('patient_portal.cancel.no'),
        }}
        busy={cancelFlow.busy}
        onConfirm={cancelFlow.submit}
        onClose={() => setCancelStatus(null)}
      />
      <RefusalModal refusal={refusal} onClose={closeRefusal} />
    </>
  );
}
