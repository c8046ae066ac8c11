import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Inset, Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { useAccessConfig, verifyCaptcha } from '../api/authentication-api.ts';
import styles from '../components/authentication.module.css';
import { DateOfBirthModal } from '../components/date-of-birth-modal.tsx';
import { OtpModal } from '../components/otp-modal.tsx';
import { useAuthenticationFlow } from '../hooks/use-authentication-flow.ts';
import {
  type AuthenticationParams,
  authenticationTarget,
  authenticationTexts,
  missingParameters,
  readAuthenticationParams,
} from '../model/authentication-params.ts';

const CaptchaWidget = lazy(async () => ({
  default: (await import('../components/captcha-widget.tsx')).CaptchaWidget,
}));

/**
 * The authentication page (docs/product/authentication.md#the-authentication-page): the
 * date-of-birth check, then the OTP if required.
 */
export function AuthenticationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const params = useMemo(() => readAuthenticationParams(search), [search]);
  const texts = authenticationTexts(params);
  const target = params.returnUrl
    ? authenticationTarget(params.returnUrl, params.shared, window.location.origin)
    : null;
  const missing = missingParameters(params);
  const ready = missing.length === 0 && target !== null;

  const warning = missing.length
    ? `Authentication needs ${missing.join(', ')}`
    : target
      ? null
      : 'Authentication returnUrl is not a path on this site';
  useEffect(() => {
    // docs/product/authentication.md#the-authentication-page: without these the page does nothing
    // but warn.
    if (warning) console.warn(warning);
  }, [warning]);

  return (
    <Page title={t(texts.title)} lead={texts.body ? t(texts.body) : undefined}>
      {ready && params.bookingKey && params.type && params.returnUrl ? (
        <AuthenticationFlow
          params={params}
          bookingKey={params.bookingKey}
          type={params.type}
          returnUrl={params.returnUrl}
          target={target}
        />
      ) : (
        <Inset>
          <p>{t('authentication.missing_parameters')}</p>
        </Inset>
      )}
    </Page>
  );
}

function AuthenticationFlow({
  params,
  bookingKey,
  type,
  returnUrl,
  target,
}: {
  params: AuthenticationParams;
  bookingKey: string;
  type: NonNullable<AuthenticationParams['type']>;
  returnUrl: string;
  target: string;
}) {
  const { t } = useTranslation();
  const application = useApplicationConfig();
  const access = useAccessConfig();
  const cookiesEnabled = navigator.cookieEnabled;
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [verifiedCaptcha, setVerifiedCaptcha] = useState(false);
  const [captchaFailed, setCaptchaFailed] = useState(false);

  const flow = useAuthenticationFlow({
    bookingKey,
    type,
    target,
    shared: params.shared,
    returnUrl,
    cookiesEnabled,
    defaultOtpSeconds:
      access.data?.otpSecondsBetweenRequests ?? application.otpSecondsBetweenRequests,
    captchaToken,
  });

  const captcha = access.data?.captcha;
  const captchaOn = Boolean(captcha && captcha.provider !== 'none' && captcha.siteKey);

  // docs/product/authentication.md#the-authentication-page: a date of birth in the query is
  // submitted at once, with no contact number.
  const submitted = useRef(false);
  useEffect(() => {
    if (!params.dateOfBirth || submitted.current || access.isPending || captchaOn) return;
    submitted.current = true;
    void flow.submitDateOfBirth({ dateOfBirth: params.dateOfBirth, contactNumber: null });
  }, [params.dateOfBirth, access.isPending, captchaOn, flow.submitDateOfBirth]);

  if (access.isPending) return <Loading />;

  const onCaptchaToken = (token: string) => {
    setCaptchaToken(token);
    setCaptchaFailed(false);
    verifyCaptcha(token)
      .then((answer) => setVerifiedCaptcha(answer.result))
      .catch(() => setCaptchaFailed(true));
  };

  const showLoader = flow.step === 'authenticating' || flow.step === 'done';
  const directPending = Boolean(params.dateOfBirth) && !submitted.current && !captchaOn;

  return (
    <>
      {cookiesEnabled ? null : (
        <div className={styles.banner} role="alert">
          <p>{t('authentication.cookies_disabled_banner')}</p>
        </div>
      )}
      {showLoader || directPending ? (
        <div className={styles.loader} role="status">
          <Spinner size="small" />
          <span>{t('authentication.authenticating')}</span>
        </div>
      ) : null}
      {flow.step === 'closed-dob' || flow.step === 'closed-otp' ? (
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={flow.reopenModal}>
            {t(flow.step === 'closed-otp' ? 'authentication.enter_code' : 'authentication.start')}
          </button>
        </div>
      ) : null}

      <DateOfBirthModal
        isOpen={flow.step === 'dob' && !directPending}
        onClose={flow.closeModal}
        onSubmit={flow.submitDateOfBirth}
        error={flow.error}
        askContactNumber={access.data?.contactNumberAuthentication ?? false}
        staffBooking={params.staffBooking}
        shared={params.shared}
        captchaDone={!captchaOn || verifiedCaptcha}
        captcha={
          captchaOn && captcha?.siteKey && captcha.provider !== 'none' ? (
            <Suspense fallback={<Loading />}>
              {captchaFailed ? (
                <p className={styles.alert} role="alert">
                  {t('authentication.captcha_error')}
                </p>
              ) : null}
              <CaptchaWidget
                provider={captcha.provider}
                siteKey={captcha.siteKey}
                onToken={onCaptchaToken}
                onError={() => setCaptchaFailed(true)}
              />
            </Suspense>
          ) : null
        }
      />
      <OtpModal
        isOpen={flow.step === 'otp'}
        onClose={flow.closeModal}
        onSubmit={flow.submitOtp}
        onResend={flow.resendOtp}
        error={flow.error}
        channel={flow.otpChannel}
        secondsUntilResend={flow.secondsUntilResend}
        resent={flow.resent}
        shared={params.shared}
      />
    </>
  );
}
