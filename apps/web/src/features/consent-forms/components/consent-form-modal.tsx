import type { AppointmentConsentForm } from '@portal/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Modal } from '../../../components/ui/modal.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import {
  LazySurveyView,
  LeaveSurveyConfirmation,
  SurveyDialogBody,
  surveyLocaleOf,
} from '../../questionnaires/index.ts';
import styles from './consent-forms.module.css';
import { SignatureFacts } from './signature-facts.tsx';

/**
 * Signing one consent form (docs/product/consent-forms.md#signing): the form's SurveyJS survey
 * in a static modal (neither Escape nor a click outside closes it). Its close control asks
 * first, because forms are left unsigned; leaving goes to the home page (spec 2 §2, §4).
 */
export function ConsentFormModal({
  form,
  position,
  onSubmit,
  onSaved,
  onLeave,
}: {
  form: AppointmentConsentForm | null;
  position: { index: number; total: number } | null;
  /** Signs with these answers (JSON of survey.data); rejects with the message to show. */
  onSubmit: (result: string) => Promise<void>;
  onSaved: () => void;
  /** The patient confirmed leaving with forms unsigned. */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  return (
    <Modal
      isOpen={form !== null}
      dismiss="static"
      onClose={() => setConfirming(true)}
      closeLabel={t('consent_forms.close')}
      size="lg"
      eyebrow={
        position && position.total > 1
          ? t('consent_forms.position', { index: position.index, total: position.total })
          : null
      }
      title={form?.title}
      dialogProps={{ 'data-consent-form': form?.slug }}
    >
      {form ? (
        <p className={styles.meta}>{t('consent_forms.for_exam', { exam: form.examName })}</p>
      ) : null}
      {form ? (
        <SurveyDialogBody
          surveyKey={`${form.appointmentId}:${form.consentFormId}:${form.version}`}
          definition={form.definition}
          onSubmit={onSubmit}
          onSaved={onSaved}
          fallbackError={t('consent_forms.errors.general')}
        />
      ) : null}
      <LeaveSurveyConfirmation
        isOpen={confirming}
        text={{
          title: t('consent_forms.confirm_leave_title'),
          body: t('consent_forms.confirm_leave_text'),
          stay: t('consent_forms.confirm_leave_stay'),
          leave: t('consent_forms.confirm_leave_leave'),
        }}
        onStay={() => setConfirming(false)}
        onLeave={() => {
          setConfirming(false);
          onLeave();
        }}
      />
    </Modal>
  );
}

/** A signed form read-only: the version signed, with its answers, whatever the form is now. */
export function SignedConsentModal({
  form,
  onClose,
}: {
  form: AppointmentConsentForm | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signature = form?.signature;
  return (
    <Modal
      isOpen={form !== null && signature !== null}
      dismiss="escape"
      onClose={onClose}
      closeLabel={t('consent_forms.close_signed')}
      size="lg"
      title={form?.title}
      dialogProps={{ 'data-consent-form': form?.slug }}
      actions={
        <button type="button" className={buttons.secondaryButton} onClick={onClose}>
          {t('consent_forms.close_signed')}
        </button>
      }
    >
      {form && signature ? (
        <>
          <SignatureFacts form={form} />
          <Suspense fallback={<Loading />}>
            <LazySurveyView
              key={`${form.appointmentId}:${form.consentFormId}:${form.version}`}
              definition={form.definition}
              locale={surveyLocaleOf(i18n.language)}
              readOnlyData={signature.answers}
              onSubmit={async () => {}}
              onSaved={() => {}}
            />
          </Suspense>
        </>
      ) : null}
    </Modal>
  );
}
