import type {
  AuthenticationPublicConfig,
  AuthenticationRequest,
  AuthenticationResponse,
  AuthenticationType,
  CaptchaVerifyResponse,
  OtpSendResponse,
  OtpValidateResponse,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { pageLocale } from '../../../lib/page-locale.ts';

/** The access settings the browser needs: contact-number check, OTP wait, captcha provider. */
export function useAccessConfig() {
  return useQuery({
    queryKey: ['config', 'access'],
    queryFn: ({ signal }) =>
      apiGet<AuthenticationPublicConfig>('/api/config/authentication', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function authenticate(body: AuthenticationRequest) {
  return apiRequest<AuthenticationResponse>('/api/authentication', {
    method: 'POST',
    body: { locale: pageLocale(), ...body },
  });
}

/** `shared`: a shared results link, whose bookingKey is the share token. */
export function sendOtp(
  bookingKey: string,
  authenticationType: AuthenticationType,
  shared: boolean,
) {
  return apiRequest<OtpSendResponse>('/api/authentication/otp', {
    method: 'POST',
    body: { bookingKey, authenticationType, shared, locale: pageLocale() },
  });
}

export function validateOtp(
  otp: string,
  bookingKey: string,
  authenticationType: AuthenticationType,
  shared: boolean,
) {
  return apiRequest<OtpValidateResponse>('/api/authentication/otp/validate', {
    method: 'POST',
    body: { otp, bookingKey, authenticationType, shared },
  });
}

export function verifyCaptcha(token: string) {
  return apiRequest<CaptchaVerifyResponse>('/api/authentication/captcha', {
    method: 'POST',
    body: { token },
  });
}
