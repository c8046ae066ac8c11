import type {
  PatientChangeOrigin,
  PatientChangeValues,
  PatientDetailsState,
  PatientFieldChange,
} from '@portal/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';
import { isTranslationKey } from '../../../lib/translation-key.ts';
import {
  type PatientDetailsTarget,
  usePatientDetails,
  useRequestPatientChange,
  useWithdrawPatientChange,
} from '../api/patient-details-api.ts';
import { useFocusRescue } from '../hooks/use-focus-rescue.ts';
import { updateDetailsParam } from '../model/update-details-link.ts';
import { DialogButton } from './dialog-button.tsx';
import styles from './manage.module.css';
import own from './patient-details.module.css';
import portal from './patient-portal.module.css';
import { StatusNotice } from './status-notice.tsx';

// The form and the success dialog load when they open: the card comes with the appointment and
// booking request pages, whose initial JavaScript has no room for a modal (docs/decisions/026).
const PatientDetailsModal = lazy(async () => ({
  default: (await import('./patient-details-modal.tsx')).PatientDetailsModal,
}));
const PatientRequestSent = lazy(async () => ({
  default: (await import('./patient-request-sent.tsx')).PatientRequestSent,
}));

/**
 * The patient's details card (docs/product/patient-detail-changes.md) on the appointment and
 * booking request pages: "Update my details" opens the form; a request waiting for the clinic
 * is shown field by field (old → new) with Withdraw. Loaded on demand apart from the page's
 * first paint (its initial JavaScript budget, docs/benchmarks.md). Opened at once, as from the
 * confirmation, when the page's address carries ?updateDetails=CONFIRMATION.
 */
export function PatientDetailsSection({ target }: { target: PatientDetailsTarget }) {
  const { t } = useTranslation();
  const details = usePatientDetails(target);
  const requestChange = useRequestPatientChange(target);
  const withdraw = useWithdrawPatientChange(target);
  const [searchParams] = useSearchParams();
  const fromConfirmation = searchParams.get(updateDetailsParam) === 'CONFIRMATION';
  const pageOrigin: PatientChangeOrigin =
    target.kind === 'appointments' ? 'APPOINTMENT' : 'BOOKING_REQUEST';
  const [origin, setOrigin] = useState<PatientChangeOrigin | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useFocusRescue(heading);
  const openedFromLink = useRef(false);

  const state = details.data;
  const pending = state?.patientChangeDetails.pendingRequest ?? null;
  useEffect(() => {
    if (!fromConfirmation || openedFromLink.current || !state || pending) return;
    openedFromLink.current = true;
    setOrigin('CONFIRMATION');
  }, [fromConfirmation, state, pending]);

  // A secondary card: shown once loaded; a failed load is swallowed (spec 2 §8), the page stands.
  if (!state) return null;

  /** spec 2 §8: the server's message if it has one we can say, else the default. */
  const failureText = (error: unknown) =>
    isReadOnlyRefusal(error)
      ? t(readOnlyRefusal.message)
      : isApiError(error) && isTranslationKey(error.code) && t(error.code) !== error.code
        ? t(error.code)
        : t('message.patient_request_error_message');

  const open = () => {
    setNotice(null);
    setFailure(null);
    setOrigin(pageOrigin);
  };
  const send = (changes: PatientChangeValues) => {
    if (!origin) return;
    setFailure(null);
    requestChange.mutate(
      { origin, changes },
      {
        onSuccess: () => {
          setOrigin(null);
          setSucceeded(true);
        },
        onError: (error) => setFailure(failureText(error)),
      },
    );
  };
  const withdrawPending = (requestId: string) =>
    withdraw.mutate(requestId, {
      onSuccess: () => {
        setNotice(t('patient_details.withdrawn'));
        focusHeading();
      },
      onError: (error) => setNotice(failureText(error)),
    });

  return (
    <Card labelledBy="patient-details-heading">
      <h2 id="patient-details-heading" ref={heading} tabIndex={-1} className={portal.cardTitle}>
        {t('patient_details.heading')}
      </h2>
      {pending ? (
        <div className={own.pending}>
          <h3 className={own.subheading}>{t('patient_details.pending_heading')}</h3>
          <ul className={own.changes}>
            {pending.changes.map((change) => (
              <li key={change.field}>
                <span className={own.field}>{t(`patient_details.field.${change.field}`)}</span>
                {t('patient_details.change_line', {
                  from: shownValue(change, 'oldValue', state, t),
                  to: shownValue(change, 'newValue', state, t),
                })}
              </li>
            ))}
          </ul>
          <p className={own.meta}>{t('patient_details.pending_note')}</p>
          <DialogButton busy={withdraw.isPending} onPress={() => withdrawPending(pending.id)}>
            {t('patient_details.withdraw')}
          </DialogButton>
        </div>
      ) : (
        <>
          <p className={own.meta}>{t('patient_details.lead')}</p>
          <button type="button" className={styles.button} aria-haspopup="dialog" onClick={open}>
            {t('patient_details.update_button')}
          </button>
        </>
      )}
      <StatusNotice text={notice} />
      <Suspense fallback={null}>
        {origin !== null ? (
          <PatientDetailsModal
            isOpen
            state={state}
            busy={requestChange.isPending}
            failure={failure}
            onSubmit={send}
            onClose={() => setOrigin(null)}
          />
        ) : null}
        {succeeded ? (
          <PatientRequestSent
            onClose={() => {
              setSucceeded(false);
              focusHeading();
            }}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}

/** A value as the patient reads it: an option's name, the text, or "none". */
function shownValue(
  change: PatientFieldChange,
  which: 'oldValue' | 'newValue',
  state: PatientDetailsState,
  t: (key: string) => string,
): string {
  const value = change[which];
  if (value === null || value === '') return t('patient_details.none');
  if (change.field === 'ethnicityId' || change.field === 'insuranceTypeId') {
    const options = change.field === 'ethnicityId' ? state.ethnicities : state.insuranceTypes;
    const option = options.find((candidate) => candidate.id === value);
    if (!option) return String(value);
    return isTranslationKey(option.name) ? t(option.name) : option.name;
  }
  return String(value);
}
