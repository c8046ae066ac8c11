import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import { LastNameQuestion } from '../components/check-in-questions.tsx';
import styles from '../components/kiosk-check-in.module.css';
import { useEndKioskSession } from '../hooks/use-end-kiosk-session.ts';
import { useKioskCheckIn } from '../hooks/use-kiosk-check-in.ts';
import { prefetchLaterSteps, useLaterSteps } from '../hooks/use-later-steps.ts';
import { readKioskIdentity } from '../model/kiosk-identity.ts';
import { type KioskStep, resultScreenSeconds, stepOf } from '../model/kiosk-steps.ts';

const titleKeys: Record<KioskStep, string> = {
  LAST_NAME: 'kiosk_check_in.last_name.title',
  DATE_OF_BIRTH: 'kiosk_check_in.date_of_birth.title',
  VERIFY_OTP: 'kiosk_check_in.otp.title',
  CONFIRM: 'kiosk_check_in.confirm.title',
  SUCCESS: 'kiosk_check_in.success.title',
  FEEDBACK: 'kiosk_check_in.feedback.title',
  ERROR: 'kiosk_check_in.error.title',
  COMPLETE: 'kiosk_check_in.complete.title',
};

/**
 * Kiosk check-in, /check-in?kioskMode=true&step=... (docs/product/kiosk.md#check-in). The step
 * is in the URL; the patient's answers are in this page's memory only, so leaving the page (the
 * idle flow, Done, a reload) forgets them. A reload of a later step starts again at the name.
 */
export function KioskCheckInPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const endSession = useEndKioskSession();
  const flow = useKioskCheckIn();
  const { state } = flow;
  const heading = useRef<HTMLHeadingElement>(null);
  const named = readKioskIdentity() !== null;
  const later = useLaterSteps(state.step !== 'LAST_NAME' && state.step !== 'COMPLETE');

  // The URL follows the step (replace: the browser's Back is not a way round the questions).
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (
      params.get('kioskMode') === 'true' &&
      stepOf(params.get('step')) === state.step &&
      params.get('step')
    ) {
      return;
    }
    params.set('kioskMode', 'true');
    params.set('step', state.step);
    void navigate({ search: `?${params}` }, { replace: true });
  }, [search, state.step, navigate]);

  // A new screen is announced from its heading (questions focus their field themselves).
  useEffect(() => {
    if (!['LAST_NAME', 'DATE_OF_BIRTH', 'VERIFY_OTP'].includes(state.step))
      heading.current?.focus();
  }, [state.step]);

  // The outcome stays a while, then the kiosk returns to its start; COMPLETE ends the session.
  useEffect(() => {
    if (state.step === 'COMPLETE') {
      void endSession();
      return;
    }
    if (!['SUCCESS', 'ERROR', 'FEEDBACK'].includes(state.step)) return;
    const timer = setTimeout(flow.complete, resultScreenSeconds * 1000);
    return () => clearTimeout(timer);
  }, [state.step, endSession, flow.complete]);

  const cancel = flow.complete;

  return (
    <div className={styles.screen}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t(titleKeys[state.step])}
      </h1>
      {!named ? (
        <>
          <p className={styles.body}>{t('kiosk_check_in.error.not_a_kiosk')}</p>
          <Link to="/kiosk?kioskMode=true" className={buttons.button}>
            {t('kiosk_check_in.go_to_start')}
          </Link>
        </>
      ) : state.step === 'LAST_NAME' ? (
        <LastNameQuestion
          initial={state.lastName}
          onSubmit={flow.answerLastName}
          onCancel={cancel}
          onTyping={prefetchLaterSteps}
        />
      ) : state.step === 'COMPLETE' ? (
        <p className={styles.body} role="status">
          {t('kiosk_check_in.complete.body')}
        </p>
      ) : !later ? null : state.step === 'DATE_OF_BIRTH' ? (
        <later.DateOfBirthQuestion
          busy={state.busy}
          onSubmit={(dateOfBirth) => void flow.answerDateOfBirth(dateOfBirth)}
          onBack={() => flow.back('LAST_NAME')}
        />
      ) : state.step === 'VERIFY_OTP' ? (
        <later.OtpQuestion
          busy={state.busy}
          channel={state.otpChannel}
          wrong={state.otpWrong}
          onSubmit={(otp) => void flow.answerOtp(otp)}
          onResend={() => void flow.resendOtp()}
          onBack={cancel}
        />
      ) : state.step === 'CONFIRM' ? (
        <later.ConfirmAppointments
          appointments={state.appointments}
          busy={state.busy}
          onCheckIn={() => void flow.checkIn()}
          onCancel={cancel}
        />
      ) : state.step === 'SUCCESS' ? (
        <later.Outcome
          body={[
            t(state.delivered ? 'kiosk_check_in.success.body' : 'kiosk_check_in.success.received'),
            t('kiosk_check_in.success.take_a_seat'),
          ]}
          onDone={flow.complete}
        />
      ) : state.step === 'FEEDBACK' ? (
        <later.Outcome
          body={[t('kiosk_check_in.feedback.body'), t('kiosk_check_in.feedback.where')]}
          onDone={flow.complete}
        />
      ) : state.step === 'ERROR' ? (
        <later.Outcome
          body={[
            t(state.reason ?? 'kiosk_check_in.error.unknown'),
            t('kiosk_check_in.error.front_desk'),
          ]}
          onDone={flow.complete}
          onRetry={state.retry ? flow.start : undefined}
        />
      ) : null}
    </div>
  );
}
