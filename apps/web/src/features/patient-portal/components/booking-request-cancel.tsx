import { patientPortalErrorCodes } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';
import { cancelBookingRequest } from '../api/booking-request-cancel-api.ts';
import { usePatientPortalConfig } from '../api/portal-config-api.ts';
import type { Refusal } from '../model/manage-rules.ts';
import type { CancelWords } from './cancel-reason-modal.tsx';
import styles from './manage.module.css';
import { CancelReasonModal, preloadManageModals, RefusalModal } from './manage-modals.tsx';
import frame from './patient-page.module.css';

/**
 * Cancel a booking request (docs/product/patient-portal.md#manage): the same cancel reason modal
 * as an appointment's, then the cancel call; the summary is refetched and shows CANCELED.
 * Shown while the request is cancellable.
 */
export function BookingRequestCancel({
  bookingKey,
  onNotice,
  focusCard,
}: {
  bookingKey: string;
  onNotice: (text: string) => void;
  /** Focus the request's card once the button is gone. */
  focusCard: () => void;
}) {
  const { t } = useTranslation();
  const reasons = usePatientPortalConfig().data?.cancelReasons ?? [];
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const submit = async (words: CancelWords) => {
    if (busy) return;
    setBusy(true);
    try {
      await cancelBookingRequest(queryClient, bookingKey, words);
      setOpen(false);
      onNotice(t('patient_portal.cancel_request.success'));
      focusCard();
    } catch (error) {
      setOpen(false);
      const inactive =
        isApiError(error) && error.code === patientPortalErrorCodes.bookingRequestNotActive;
      setRefusal(
        isReadOnlyRefusal(error)
          ? readOnlyRefusal
          : {
              title: inactive ? 'patient_portal.cancel_request.refused_title' : 'page.error.title',
              message: inactive
                ? 'patient_portal.cancel_request.not_active'
                : 'message.generic_error',
            },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className={`${styles.actions} ${frame.noPrint}`}>
        <button
          type="button"
          ref={button}
          className={styles.secondaryButton}
          onPointerEnter={preloadManageModals}
          onFocus={preloadManageModals}
          onClick={() => setOpen(true)}
        >
          {t('patient_portal.cancel_request.button')}
        </button>
      </div>
      <CancelReasonModal
        isOpen={open}
        reasons={reasons}
        texts={{
          title: t('patient_portal.cancel_request.title'),
          confirmTitle: t('patient_portal.cancel_request.confirm_title'),
          confirmText: t('patient_portal.cancel_request.confirm_text'),
          keep: t('patient_portal.cancel_request.keep'),
          yes: t('patient_portal.cancel_request.yes'),
          no: t('patient_portal.cancel_request.no'),
        }}
        busy={busy}
        onConfirm={submit}
        onClose={() => setOpen(false)}
      />
      <RefusalModal
        refusal={refusal}
        onClose={() => {
          setRefusal(null);
          requestAnimationFrame(() => button.current?.focus());
        }}
      />
    </>
  );
}
