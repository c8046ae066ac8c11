import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cancelAppointment } from '../api/appointment-actions-api.ts';
import type { AppointmentRef } from '../api/appointment-item.ts';
import type { CancelWords } from '../components/cancel-reason-modal.tsx';
import {
  cancelErrorRefusal,
  cancelQuestionnairePath,
  type Refusal,
} from '../model/manage-rules.ts';

/** How a confirmed cancel ended (docs/product/patient-portal.md#manage). */
export type CancelOutcome =
  | { kind: 'canceled' }
  | { kind: 'requested' }
  | { kind: 'questionnaire'; path: string }
  /** Refused (a 409 the error modal explains) or failed (refusal null). */
  | { kind: 'failed'; refusal: Refusal | null };

/**
 * The cancel call after the patient said yes: the reason and note go to the server, whose
 * outcome decides what follows: CANCELED (the summary refetched), QUESTIONNAIRE_REQUIRED (the
 * CANCEL_APPOINTMENT_PATIENT questionnaire, which cancels once saved), REQUESTED (the clinic was
 * asked), or a refusal.
 */
export function useCancelFlow({
  appointment,
  priorMinutes,
  onDone,
}: {
  appointment: AppointmentRef;
  /** The window the change-status answer named, for a prior-minutes refusal's text. */
  priorMinutes: number;
  onDone: (outcome: CancelOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const submit = async (words: CancelWords) => {
    if (busy) return;
    setBusy(true);
    let outcome: CancelOutcome;
    try {
      const answer = await cancelAppointment(queryClient, appointment, words);
      outcome =
        answer.outcome === 'CANCELED'
          ? { kind: 'canceled' }
          : answer.outcome === 'REQUESTED'
            ? { kind: 'requested' }
            : {
                kind: 'questionnaire',
                path: cancelQuestionnairePath(appointment.bookingKey, appointment.appointmentId),
              };
    } catch (error) {
      outcome = { kind: 'failed', refusal: cancelErrorRefusal(error, priorMinutes) };
    }
    setBusy(false);
    onDone(outcome);
  };

  return { busy, submit };
}
