import type { Exam } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { type BookingRequestInfo, bookingRequestInfoMessage } from '../model/booking-rules.ts';
import styles from './booking.module.css';

/** Exam info: the exam's notes and preparation. */
export function ExamInfoModal({ exam, onClose }: { exam: Exam | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      dismiss="any"
      size="wide"
      isOpen={exam !== null}
      onClose={onClose}
      title={exam?.name ?? ''}
      actions={
        <button type="button" className={styles.secondaryButton} onClick={onClose}>
          {t('action.close')}
        </button>
      }
    >
      <p className={styles.hint}>{exam?.modalityName}</p>
      <h3>{t('booking.exam_info.notes')}</h3>
      <p>{exam?.notes || t('booking.exam_info.no_notes')}</p>
      <h3>{t('booking.exam_info.prep')}</h3>
      <p>{exam?.prepInstructions || t('booking.exam_info.no_prep')}</p>
    </Modal>
  );
}

/**
 * Walk-in warning: several modalities with a walk-in one (docs/product/booking.md#exam-selection).
 */
export function WalkInWarningModal({
  walkInExamName,
  isOpen,
  onContinue,
  onClose,
}: {
  walkInExamName: string | null;
  isOpen: boolean;
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      dismiss="any"
      size="wide"
      isOpen={isOpen}
      onClose={onClose}
      tone="warning"
      title={t('booking.walk_in.title')}
      actions={
        <>
          <button type="button" className={styles.button} onClick={onContinue}>
            {t('booking.walk_in.continue')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onClose}>
            {t('action.cancel')}
          </button>
        </>
      }
    >
      <p>{t('booking.walk_in.text', { name: walkInExamName ?? '' })}</p>
    </Modal>
  );
}

/**
 * The booking request info modal: Update, Proceed, Close and its three messages
 * (docs/product/booking.md#exam-selection).
 */
export function BookingRequestInfoModal({
  info,
  isOpen,
  onUpdate,
  onProceed,
  onClose,
}: {
  info: BookingRequestInfo;
  isOpen: boolean;
  onUpdate: () => void;
  onProceed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = bookingRequestInfoMessage(info);
  return (
    <Modal
      dismiss="any"
      size="wide"
      isOpen={isOpen}
      onClose={onClose}
      title={t('booking.request_info.title')}
      actions={
        <>
          <button type="button" className={styles.button} onClick={onProceed}>
            {t('booking.request_info.proceed')}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onUpdate}>
            {t('booking.request_info.update')}
          </button>
          <button type="button" className={styles.linkButton} onClick={onClose}>
            {t('action.close')}
          </button>
        </>
      }
    >
      <p>{t(`booking.request_info.message_${message}`, { exams: info.examNames.join(', ') })}</p>
      {info.examNotes ? (
        <div className={styles.notice}>
          <p>{info.examNotes}</p>
        </div>
      ) : null}
      {info.walkInExamName ? (
        <p>{t('booking.request_info.walk_in', { name: info.walkInExamName })}</p>
      ) : null}
    </Modal>
  );
}
