import type { AppointmentResult, SharedAccessRecord } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { usePatientPortalConfig } from '../api/portal-config-api.ts';
import { useRevokeShare } from '../api/results-sharing-api.ts';
import { useFocusAfterRender } from '../hooks/use-focus-after-render.ts';
import { type ShareSubject, shareRulesOf } from '../model/share-form.ts';
import { DialogButton } from './dialog-button.tsx';
import manage from './manage.module.css';
import styles from './results.module.css';
import { ShareForm } from './share-form.tsx';
import { SharedAccessList } from './shared-access-list.tsx';

/**
 * The share results modal (spec 2 §2 Modals, §4 Sharing): the create form, then the list of
 * shared access with a Revoke button on each share still open. Sharing hands over to `onShared`
 * (the page closes the modal and says message.results_shared); Revoke asks first, in the same
 * dialog (an alert dialog step, as the cancel reason modal does), then hands over to `onRevoked`
 * (the modal closes). Escape and Close change nothing.
 */
export function ShareResultsModal({
  isOpen,
  bookingKey,
  subject,
  subjectText,
  results,
  onShared,
  onRevoked,
  onClose,
}: {
  isOpen: boolean;
  bookingKey: string;
  subject: ShareSubject;
  /** What is shared, in the patient's words ("Your CT head result of 5 May 2031"). */
  subjectText: string;
  /** The page's results, to name the exam of each RESULT share in the list. */
  results: readonly AppointmentResult[];
  onShared: () => void;
  onRevoked: (share: SharedAccessRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = shareRulesOf(usePatientPortalConfig().data?.results);
  const revoke = useRevokeShare(bookingKey);
  const dialogRef = useRef<HTMLElement>(null);
  const [revoking, setRevoking] = useState<SharedAccessRecord | null>(null);
  const [revokeFailed, setRevokeFailed] = useState(false);

  // Each opening starts on the form.
  useEffect(() => {
    if (!isOpen) return;
    setRevoking(null);
    setRevokeFailed(false);
  }, [isOpen]);

  // The dialog's content is replaced: the dialog takes the focus and reads the new title.
  const focusDialog = useFocusAfterRender(dialogRef);
  const toStep = (share: SharedAccessRecord | null) => {
    setRevoking(share);
    setRevokeFailed(false);
    focusDialog();
  };

  const confirmRevoke = async () => {
    if (!revoking || revoke.isPending) return;
    try {
      await revoke.mutateAsync(revoking.id);
      onRevoked(revoking);
    } catch {
      setRevokeFailed(true);
    }
  };

  const busy = revoke.isPending;
  const contact = revoking ? (revoking.contactName ?? revoking.contactDetails) : '';

  return (
    <Modal
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      size="wide"
      role={revoking ? 'alertdialog' : 'dialog'}
      tone={revoking ? 'warning' : 'default'}
      title={revoking ? t('results.revoke.title', { contact }) : t('results.share.title')}
      closeLabel={t('action.close')}
      dialogRef={dialogRef}
      actions={
        revoking ? (
          <>
            <DialogButton tone="danger" busy={busy} onPress={() => void confirmRevoke()}>
              {t('results.revoke.yes')}
            </DialogButton>
            <DialogButton busy={busy} onPress={() => toStep(null)}>
              {t('results.revoke.no')}
            </DialogButton>
          </>
        ) : (
          <button type="button" className={manage.secondaryButton} onClick={onClose}>
            {t('action.close')}
          </button>
        )
      }
    >
      {revoking ? (
        <>
          {revokeFailed ? (
            <p className={styles.alert} role="alert">
              {t('results.revoke.failed')}
            </p>
          ) : null}
          <p className={manage.question}>{t('results.revoke.text', { contact })}</p>
        </>
      ) : (
        <>
          <p className={styles.subject}>{subjectText}</p>
          <ShareForm bookingKey={bookingKey} subject={subject} rules={rules} onShared={onShared} />
          <SharedAccessList bookingKey={bookingKey} results={results} onRevoke={toStep} />
        </>
      )}
    </Modal>
  );
}

/** message.results_shared (spec 2 §4, §8): the dialog after a share was made. */
export function ResultsSharedModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t('results.share.shared_title')}
      actions={
        // The dialog's one control takes focus, so Enter or Space closes it at once.
        // biome-ignore lint/a11y/noAutofocus: focus moves into a just-opened dialog anyway.
        <button type="button" className={manage.button} onClick={onClose} autoFocus>
          {t('action.close')}
        </button>
      }
    >
      <p className={manage.question}>{t('message.results_shared')}</p>
    </Modal>
  );
}
