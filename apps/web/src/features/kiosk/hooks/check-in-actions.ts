import { kioskNotIdentifiedErrorCode } from '@portal/contract';
import { isApiError } from '../../../lib/api-client.ts';
import {
  checkIn,
  checkInStatus,
  identityCheck,
  reloadAppointments,
  resendOtp,
  signIn,
  validateOtp,
} from '../api/kiosk-check-in-api.ts';
import {
  afterCheckIn,
  afterIdentityCheck,
  afterPolling,
  afterReload,
  afterSignIn,
  kioskCheckInErrors,
  type Next,
  pollIntervalMs,
} from '../model/check-in-steps.ts';
import type { KioskCheckInState } from '../model/kiosk-steps.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the actions read and write: the page's state of this render, and its update. */
export interface CheckInActionsContext {
  state: KioskCheckInState;
  update: (patch: Partial<KioskCheckInState>) => void;
  /** False once the page is gone: nothing may write the patient's answers back then. */
  alive: { readonly current: boolean };
}

/**
 * The kiosk check-in's calls after the name (spec 2 §4, docs/product/kiosk.md#check-in):
 * identity check, the usual sign-in with the OTP on the kiosk's screen, the reload of
 * appointments, check-in and bounded polling. Every answer goes through the step machine
 * (model/check-in-steps.ts). Loaded with the screens that use them
 * (routes/check-in-later-steps.ts).
 */
export function createCheckInActions({ state, update, alive }: CheckInActionsContext) {
  const fail = (next: Extract<Next, { step: 'ERROR' }> | null, error?: unknown) => {
    const reason =
      next?.reason ??
      (isApiError(error) && error.code === kioskNotIdentifiedErrorCode
        ? 'kiosk_check_in.error.not_a_kiosk'
        : isApiError(error) && error.status === 429
          ? kioskCheckInErrors.maxAttempts
          : kioskCheckInErrors.unknown);
    update({ step: 'ERROR', reason, retry: next?.retry ?? false, busy: false });
  };

  const reload = async (bookingKey: string) => {
    const answer = await reloadAppointments(bookingKey);
    const next = afterReload(answer);
    if (next.step === 'ERROR') return fail(next);
    update({
      step: next.step === 'FEEDBACK' ? 'FEEDBACK' : 'CONFIRM',
      appointments: answer.appointments,
      busy: false,
    });
  };

  const guarded = (work: () => Promise<void>) => async () => {
    update({ busy: true });
    try {
      await work();
    } catch (error) {
      if (alive.current) fail(null, error);
    }
  };

  return {
    answerDateOfBirth: (dateOfBirth: string) =>
      guarded(async () => {
        const found = afterIdentityCheck(
          await identityCheck({ lastName: state.lastName, dateOfBirth }),
        );
        if (found.step === 'ERROR') return fail(found);
        if (found.step !== 'SIGN_IN') return fail(null);
        const signedIn = await signIn(found.bookingKey, dateOfBirth);
        const next = afterSignIn(signedIn);
        if (next.step === 'ERROR') return fail(next);
        if (next.step === 'VERIFY_OTP') {
          return update({
            step: 'VERIFY_OTP',
            bookingKey: found.bookingKey,
            otpChannel: signedIn.otpChannel,
            busy: false,
          });
        }
        update({ bookingKey: found.bookingKey });
        await reload(found.bookingKey);
      })(),

    answerOtp: (otp: string) =>
      guarded(async () => {
        const bookingKey = state.bookingKey;
        if (!bookingKey) return fail(null);
        const answer = await validateOtp(bookingKey, otp);
        if (answer.maxAttemptsReached)
          return fail({ step: 'ERROR', reason: kioskCheckInErrors.maxAttempts, retry: false });
        if (!answer.success) return update({ otpWrong: true, busy: false });
        await reload(bookingKey);
      })(),

    resendOtp: () =>
      guarded(async () => {
        if (state.bookingKey) await resendOtp(state.bookingKey);
        update({ busy: false, otpWrong: false });
      })(),

    checkIn: () =>
      guarded(async () => {
        const bookingKey = state.bookingKey;
        const due = state.appointments.filter((appointment) => appointment.canCheckIn);
        if (!bookingKey || due.length === 0) return fail(null);
        let pending: string[] = [];
        for (const appointment of due) {
          const next = afterCheckIn(await checkIn(bookingKey, appointment.id));
          if (next.step === 'ERROR') return fail(next);
          if (next.step === 'POLL') pending.push(appointment.id);
        }
        // Only sent: read again, a bounded number of times, until the clinic has it.
        for (let attempt = 1; pending.length > 0; attempt += 1) {
          await wait(pollIntervalMs);
          if (!alive.current) return;
          const stillPending: string[] = [];
          for (const id of pending) {
            const next = afterPolling(await checkInStatus(bookingKey, id), attempt);
            if (next.step === 'ERROR') return fail(next);
            if (next.step === 'POLL') stillPending.push(id);
            if (next.step === 'SUCCESS' && !next.delivered) {
              return update({ step: 'SUCCESS', delivered: false, busy: false });
            }
          }
          pending = stillPending;
        }
        update({ step: 'SUCCESS', delivered: true, busy: false });
      })(),
  };
}

export type CheckInActions = ReturnType<typeof createCheckInActions>;
