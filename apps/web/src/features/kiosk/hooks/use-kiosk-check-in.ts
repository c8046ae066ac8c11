import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type KioskCheckInState,
  type KioskStep,
  kioskCheckInErrors,
} from '../model/kiosk-steps.ts';

export type { KioskCheckInState };

import type { CheckInActions } from './check-in-actions.ts';
import { loadLaterSteps } from './use-later-steps.ts';

/** What the page holds about the patient: in memory only, gone when the page unmounts. */
export const initialCheckInState: KioskCheckInState = {
  step: 'LAST_NAME',
  lastName: '',
  bookingKey: null,
  otpChannel: null,
  otpWrong: false,
  appointments: [],
  reason: null,
  retry: false,
  delivered: false,
  busy: false,
};

/**
 * The kiosk check-in's flow (spec 2 §4, docs/product/kiosk.md#check-in): the page's state and
 * its steps. The calls after the name (identity check, sign-in, OTP, reload, check-in and
 * polling) are in check-in-actions.ts, which comes with the screens after the name.
 */
export function useKioskCheckIn() {
  const [state, setState] = useState<KioskCheckInState>(initialCheckInState);
  // Once the page is gone (idle end, Done) nothing may write the patient's answers back.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const update = useCallback((patch: Partial<KioskCheckInState>) => {
    if (alive.current) setState((current) => ({ ...current, ...patch }));
  }, []);

  // Stable: the page's timer to the kiosk's start depends on it.
  const complete = useCallback(() => update({ step: 'COMPLETE', busy: false }), [update]);

  const run = async (pick: (actions: CheckInActions) => Promise<void>): Promise<void> => {
    let actions: CheckInActions;
    try {
      actions = (await loadLaterSteps()).createCheckInActions({ state, update, alive });
    } catch {
      // The chunk did not arrive (offline): the patient is sent to the front desk.
      update({ step: 'ERROR', reason: kioskCheckInErrors.unknown, retry: false, busy: false });
      return;
    }
    await pick(actions);
  };

  return {
    state,
    start: () => setState(initialCheckInState),
    answerLastName: (lastName: string) => update({ lastName, step: 'DATE_OF_BIRTH' }),
    back: (step: KioskStep) => update({ step, busy: false, otpWrong: false }),
    answerDateOfBirth: (dateOfBirth: string) =>
      run((actions) => actions.answerDateOfBirth(dateOfBirth)),
    answerOtp: (otp: string) => run((actions) => actions.answerOtp(otp)),
    resendOtp: () => run((actions) => actions.resendOtp()),
    checkIn: () => run((actions) => actions.checkIn()),
    complete,
  };
}
