import { cancelNoteMaxLength } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFocusAfterRender } from '../hooks/use-focus-after-render.ts';
import styles from './manage.module.css';

/** What the patient said: a reason code (or none) and a note (or none). */
export interface CancelWords {
  reason: string | null;
  note: string | null;
}

/** The modal's own words: an appointment's or a booking request's. */
export interface CancelReasonTexts {
  title: string;
  confirmTitle: string;
  confirmText: string;
  /** The first step's way out ("Keep my appointment"). */
  keep: string;
  yes: string;
  no: string;
}

/**
 * The cancel reason modal (docs/product/patient-portal.md#manage): first why (a reason, shown only when the
 * provider offers some, and an optional note of at most 500 characters), then a yes/no
 * confirm. Yes hands the words to `onConfirm`; No, Escape and Close change nothing. Both steps
 * are one dialog; on the second, focus moves to the dialog, whose title asks the question.
 */
export function CancelReasonModal({
  isOpen,
  reasons,
  texts,
  busy,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  /** The codes offered, in order; `patient_portal.cancel_reason.{code}` labels each. */
  reasons: readonly string[];
  texts: CancelReasonTexts;
  busy: boolean;
  onConfirm: (words: CancelWords) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLElement>(null);
  const [step, setStep] = useState<'reason' | 'confirm'>('reason');
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');

  // Each opening starts afresh.
  useEffect(() => {
    if (!isOpen) return;
    setStep('reason');
    setReason(null);
    setNote('');
  }, [isOpen]);

  // The step's buttons are replaced: the dialog takes the focus and reads the new title.
  const focusDialog = useFocusAfterRender(dialogRef);
  const goTo = (next: 'reason' | 'confirm') => {
    setStep(next);
    focusDialog();
  };

  const confirm = () => {
    if (busy) return;
    onConfirm({ reason, note: note.trim() === '' ? null : note.trim() });
  };

  const remaining = cancelNoteMaxLength - note.length;
  const reasonStep = step === 'reason';

  return (
    <Modal
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      title={reasonStep ? texts.title : texts.confirmTitle}
      eyebrow={t('patient_portal.cancel.step', { step: reasonStep ? 1 : 2, total: 2 })}
      role={reasonStep ? 'dialog' : 'alertdialog'}
      dialogRef={dialogRef}
      closeLabel={t('action.close')}
      actions={
        reasonStep ? (
          <>
            <button type="button" className={styles.button} onClick={() => goTo('confirm')}>
              {t('patient_portal.cancel.continue')}
            </button>
            <button type="button" className={styles.secondaryButton} onClick={onClose}>
              {texts.keep}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={`${styles.button} ${styles.danger}`}
              aria-disabled={busy || undefined}
              onClick={confirm}
            >
              {texts.yes}
            </button>
            <button
              type="button"
              className={styles.secondaryButton}
              aria-disabled={busy || undefined}
              onClick={() => (busy ? undefined : onClose())}
            >
              {texts.no}
            </button>
          </>
        )
      }
    >
      {reasonStep ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            goTo('confirm');
          }}
        >
          {reasons.length > 0 ? (
            <FieldGroup legend={t('patient_portal.cancel.reason_legend')}>
              <div className={styles.options}>
                {reasons.map((code) => (
                  <label key={code} className={styles.option}>
                    <input
                      type="radio"
                      name={`${id}-reason`}
                      value={code}
                      checked={reason === code}
                      onChange={() => setReason(code)}
                    />
                    {t(`patient_portal.cancel_reason.${code}`, { defaultValue: code })}
                  </label>
                ))}
              </div>
            </FieldGroup>
          ) : null}
          <Field
            id={`${id}-note`}
            label={t('patient_portal.cancel.note_label')}
            hint={t('patient_portal.cancel.note_remaining', { count: remaining })}
            width="full"
            spacing="none"
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={cancelNoteMaxLength}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
        </form>
      ) : (
        <p className={styles.question}>{texts.confirmText}</p>
      )}
    </Modal>
  );
}
