import type { CheckInForm, CheckInStatusResponse } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';
import {
  type CheckInTarget,
  checkInStatusKey,
  fetchCheckInStatus,
  submitCheckIn,
} from '../api/check-in-api.ts';
import type { CheckInFormErrors, CheckInFormValues } from '../model/check-in-form.ts';
import { type PollOutcome, pollCheckIn, settled } from '../model/polling.ts';

export type Phase =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'processing' }
  | { kind: 'done'; outcome: Exclude<PollOutcome, 'STOPPED'> };

const formFields = new Set<keyof CheckInFormValues>([
  'referrer',
  'dateOfReferral',
  'medicareNumber',
  'referenceNumber',
  'gender',
]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The check-in's POST and the processing after it: the server's 400 fields and 422 codes for
 * the form; then the status polled with bounded backoff (model/polling.ts) until delivered,
 * failed, or handed over to the server's outbox. Nothing is polled once the modal is gone.
 */
export function useCheckInSubmit(target: CheckInTarget) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [fieldErrors, setFieldErrors] = useState<CheckInFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);

  const remember = useCallback(
    (status: CheckInStatusResponse) => queryClient.setQueryData(checkInStatusKey(target), status),
    [queryClient, target],
  );

  const submit = async (form: CheckInForm | null) => {
    setPhase({ kind: 'sending' });
    setFieldErrors({});
    setMessage(null);
    let status: CheckInStatusResponse;
    try {
      status = await submitCheckIn(target, form);
    } catch (error) {
      if (gone.current) return;
      const fields: CheckInFormErrors = {};
      if (isApiError(error)) {
        for (const field of error.fields) {
          const name = field.path.split('.').pop() as keyof CheckInFormValues;
          if (formFields.has(name)) fields[name] = 'check_in.form.server_invalid';
        }
        setMessage(
          error.status === 400
            ? 'check_in.form.server_invalid_summary'
            : isReadOnlyRefusal(error)
              ? readOnlyRefusal.message
              : error.code,
        );
      } else setMessage('message.generic_error');
      setFieldErrors(fields);
      setPhase({ kind: 'editing' });
      return;
    }
    if (gone.current) return;
    remember(status);
    const now = settled(status);
    if (now) {
      setPhase({ kind: 'done', outcome: now });
      return;
    }
    setPhase({ kind: 'processing' });
    const outcome = await pollCheckIn({
      read: async () => {
        const next = await fetchCheckInStatus(target);
        if (!gone.current) remember(next);
        return next;
      },
      sleep,
      stopped: () => gone.current,
    });
    if (outcome !== 'STOPPED' && !gone.current) setPhase({ kind: 'done', outcome });
  };

  return { phase, fieldErrors, message, submit };
}
