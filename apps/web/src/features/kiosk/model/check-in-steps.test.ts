import type {
  AuthenticationResponse,
  CheckInStatusResponse,
  KioskAppointmentsResponse,
  KioskIdentityCheckResponse,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  afterCheckIn,
  afterIdentityCheck,
  afterPolling,
  afterReload,
  afterSignIn,
  pollAttempts,
  stepOf,
} from './check-in-steps.ts';

const identity = (over: Partial<KioskIdentityCheckResponse>): KioskIdentityCheckResponse => ({
  appointmentBookingKeys: [],
  samePatient: false,
  feedbackQuestionnaireAnswered: false,
  disabledReason: null,
  maxAttemptsReached: false,
  ...over,
});
const key = 'abcdefghijklmnopqrstuvwxyz012345';

describe('the kiosk check-in steps', () => {
  it('reads the step from the URL, starting over on anything else', () => {
    expect(stepOf('CONFIRM')).toBe('CONFIRM');
    expect(stepOf('VERIFY_OTP')).toBe('VERIFY_OTP');
    expect(stepOf(null)).toBe('LAST_NAME');
    expect(stepOf('confirm')).toBe('LAST_NAME');
  });

  it('signs in with the one booking key found', () => {
    expect(
      afterIdentityCheck(identity({ appointmentBookingKeys: [key], samePatient: true })),
    ).toEqual({
      step: 'SIGN_IN',
      bookingKey: key,
    });
  });

  it('sends the patient to the front desk with more than one booking key, or a reason', () => {
    expect(
      afterIdentityCheck(identity({ appointmentBookingKeys: [key, `${key}x`] })),
    ).toMatchObject({
      step: 'ERROR',
      reason: 'kiosk_check_in.disabled.multiple_bookings',
    });
    expect(
      afterIdentityCheck(identity({ disabledReason: 'kiosk_check_in.disabled.multiple_bookings' })),
    ).toMatchObject({ step: 'ERROR', retry: false });
  });

  it('offers to try again when nothing matched, not past the limits', () => {
    expect(afterIdentityCheck(identity({}))).toEqual({
      step: 'ERROR',
      reason: 'kiosk_check_in.error.not_found',
      retry: true,
    });
    expect(afterIdentityCheck(identity({ maxAttemptsReached: true }))).toEqual({
      step: 'ERROR',
      reason: 'kiosk_check_in.error.max_attempts',
      retry: false,
    });
  });

  it('asks for the OTP only when the sign-in requires it', () => {
    const signIn = (over: Partial<AuthenticationResponse>): AuthenticationResponse => ({
      success: true,
      maxAttemptsReached: false,
      otpRequired: false,
      otpChannel: null,
      otpSecondsBetweenRequests: 5,
      message: null,
      ...over,
    });
    expect(afterSignIn(signIn({ otpRequired: true, otpChannel: 'EMAIL' }))).toEqual({
      step: 'VERIFY_OTP',
    });
    expect(afterSignIn(signIn({}))).toEqual({ step: 'RELOAD' });
    expect(afterSignIn(signIn({ success: false }))).toMatchObject({ step: 'ERROR', retry: true });
    expect(afterSignIn(signIn({ success: false, maxAttemptsReached: true }))).toMatchObject({
      step: 'ERROR',
      retry: false,
    });
  });

  it('goes to CONFIRM, FEEDBACK or ERROR after the reload', () => {
    const appointment = {
      id: '7b0c3c2e-8a52-4a57-9b52-3c8f1d0b8e11',
      startsAt: '2026-03-02T11:30:00+11:00',
      timeZone: 'Australia/Sydney',
      examName: 'Mammogram',
      clinicName: 'City',
      canCheckIn: true,
      window: 'OPEN' as const,
      checkInState: null,
    };
    const reload = (over: Partial<KioskAppointmentsResponse>): KioskAppointmentsResponse => ({
      appointments: [appointment],
      feedbackQuestionnaireAnswered: true,
      feedbackDue: false,
      disabledReason: null,
      ...over,
    });
    expect(afterReload(reload({}))).toEqual({ step: 'CONFIRM' });
    const done = { ...appointment, canCheckIn: false, checkInState: 'DELIVERED' as const };
    expect(afterReload(reload({ appointments: [done], feedbackDue: true }))).toEqual({
      step: 'FEEDBACK',
    });
    expect(
      afterReload(
        reload({
          appointments: [done],
          disabledReason: 'kiosk_check_in.disabled.already_checked_in',
        }),
      ),
    ).toMatchObject({ step: 'ERROR', reason: 'kiosk_check_in.disabled.already_checked_in' });
    expect(afterReload(reload({ appointments: [] }))).toMatchObject({
      step: 'ERROR',
      reason: 'kiosk_check_in.error.unknown',
    });
  });

  it('ends in SUCCESS once delivered, ERROR when failed, and polls a bounded time while queued', () => {
    const status = (state: 'QUEUED' | 'DELIVERED' | 'FAILED' | null) =>
      ({
        checkIn: state === null ? null : { state },
      }) as unknown as CheckInStatusResponse;
    expect(afterCheckIn(status('DELIVERED'))).toEqual({ step: 'SUCCESS', delivered: true });
    expect(afterCheckIn(status('FAILED'))).toMatchObject({
      step: 'ERROR',
      reason: 'kiosk_check_in.error.failed',
    });
    expect(afterCheckIn(status(null))).toMatchObject({ step: 'ERROR' });
    expect(afterCheckIn(status('QUEUED'))).toEqual({ step: 'POLL' });
    expect(afterPolling(status('QUEUED'), 1)).toEqual({ step: 'POLL' });
    expect(afterPolling(status('QUEUED'), pollAttempts)).toEqual({
      step: 'SUCCESS',
      delivered: false,
    });
    expect(afterPolling(status('DELIVERED'), 2)).toEqual({ step: 'SUCCESS', delivered: true });
  });
});
