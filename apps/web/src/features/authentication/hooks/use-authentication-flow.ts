import type { AuthenticationType, OtpChannel } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';
import { authenticate, sendOtp, validateOtp } from '../api/authentication-api.ts';
import type { DateOfBirthAnswer } from '../components/date-of-birth-modal.tsx';
import { maxAttemptsDenyUrl } from '../model/authentication-params.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * `dob` and `otp` are the open modals; `closed-*` the same step with its modal dismissed
 * (the page offers a button to reopen it); `authenticating` shows the page loader.
 */
export type AuthenticationStep =
  | 'dob'
  | 'closed-dob'
  | 'otp'
  | 'closed-otp'
  | 'authenticating'
  | 'done';

interface FlowInput {
  bookingKey: string;
  type: AuthenticationType;
  /** Where success goes (already checked to be on this site). */
  target: string;
  shared: boolean;
  returnUrl: string;
  cookiesEnabled: boolean;
  defaultOtpSeconds: number;
  captchaToken: string | null;
}

/**
 * The patient authentication states (docs/product/authentication.md#sign-in-types): date of birth,
 * then (maybe) the OTP.
 */
export function useAuthenticationFlow(input: FlowInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<AuthenticationStep>('dob');
  const [error, setError] = useState<string | null>(null);
  const [otpChannel, setOtpChannel] = useState<OtpChannel | null>(null);
  const [resent, setResent] = useState(false);
  const countdown = useCountdown();
  const { bookingKey, type, target, shared, returnUrl, cookiesEnabled, defaultOtpSeconds } = input;

  const failureText = cookiesEnabled
    ? t('message.authentication_error')
    : t('message.authentication_cookies_error');

  const toDeny = useCallback(() => {
    navigate(maxAttemptsDenyUrl([returnUrl, window.location.pathname], shared), { replace: true });
  }, [navigate, returnUrl, shared]);

  const succeed = useCallback(() => {
    setStep('done');
    // A cached "not authenticated" answer for this key must not bounce the patient back here.
    queryClient.removeQueries({ queryKey: patientQueryKey });
    navigate(target, { replace: true });
  }, [navigate, queryClient, target]);

  const submitDateOfBirth = useCallback(
    async ({ dateOfBirth, contactNumber }: DateOfBirthAnswer) => {
      setStep('authenticating');
      setError(null);
      try {
        const answer = await authenticate({
          bookingKey,
          dateOfBirth,
          contactNumber,
          authenticationType: type,
          shared,
          ...(input.captchaToken ? { captchaToken: input.captchaToken } : {}),
        });
        if (answer.maxAttemptsReached) return toDeny();
        if (!answer.success) {
          setError(failureText);
          return setStep('dob');
        }
        if (!answer.otpRequired) return succeed();
        setOtpChannel(answer.otpChannel);
        countdown.start(answer.otpSecondsBetweenRequests || defaultOtpSeconds);
        setStep('otp');
      } catch {
        // A malformed date (400) or a network failure reads the same to the patient.
        setError(failureText);
        setStep('dob');
      }
    },
    [
      bookingKey,
      type,
      shared,
      input.captchaToken,
      failureText,
      toDeny,
      succeed,
      countdown,
      defaultOtpSeconds,
    ],
  );

  const submitOtp = useCallback(
    async (otp: string) => {
      setStep('authenticating');
      setError(null);
      setResent(false);
      try {
        const answer = await validateOtp(otp, bookingKey, type, shared);
        if (answer.maxAttemptsReached) return toDeny();
        if (answer.success) return succeed();
        setError(t('message.authentication_otp_error'));
        setStep('otp');
      } catch (caught) {
        // 401: the pending session expired; the date of birth has to be proven again.
        if (isApiError(caught) && caught.status === 401) {
          setError(failureText);
          return setStep('dob');
        }
        setError(t('message.authentication_otp_error'));
        setStep('otp');
      }
    },
    [bookingKey, type, shared, toDeny, succeed, t, failureText],
  );

  const resendOtp = useCallback(async () => {
    setError(null);
    setResent(false);
    try {
      const answer = await sendOtp(bookingKey, type, shared);
      setResent(answer.sent);
      countdown.start(answer.retryAfterSeconds || (answer.sent ? defaultOtpSeconds : 0));
    } catch (caught) {
      if (isApiError(caught) && caught.status === 401) {
        setError(failureText);
        return setStep('dob');
      }
      setError(t('message.generic_error'));
    }
  }, [bookingKey, type, shared, countdown, defaultOtpSeconds, failureText, t]);

  const closeModal = useCallback(() => {
    setStep((current) =>
      current === 'otp' ? 'closed-otp' : current === 'dob' ? 'closed-dob' : current,
    );
  }, []);
  const reopenModal = useCallback(() => {
    setStep((current) =>
      current === 'closed-otp' ? 'otp' : current === 'closed-dob' ? 'dob' : current,
    );
  }, []);

  return {
    step,
    error,
    otpChannel,
    resent,
    secondsUntilResend: countdown.secondsLeft,
    submitDateOfBirth,
    submitOtp,
    resendOtp,
    closeModal,
    reopenModal,
  };
}
