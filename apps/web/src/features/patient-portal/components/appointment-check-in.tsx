import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckInAction } from '../../check-in/index.ts';
import { useAppointmentAttachments } from '../api/attachments-api.ts';
import { UploadAttachmentModal } from './attachment-modals.tsx';

/**
 * A BOOKED appointment's check-in from home (docs/product/check-in.md#the-web), loaded when near
 * by appointment-card.tsx. When the exam's referral is missing, the documents' own upload modal
 * (docs/product/attachments.md) opens first, then the check-in goes on.
 */
export function AppointmentCheckIn({
  bookingKey,
  appointmentId,
  timeZone,
  autoStart,
  onNotice,
}: {
  bookingKey: string;
  appointmentId: string;
  timeZone: string;
  autoStart: boolean;
  onNotice: (text: string | null) => void;
}) {
  const { t } = useTranslation();
  const target = { kind: 'appointment', bookingKey, appointmentId } as const;
  const list = useAppointmentAttachments(target);
  const [uploading, setUploading] = useState<number | null | false>(false);
  const uploaded = useRef<(() => void) | null>(null);
  const needs = list.data?.needs ?? [];
  // The document the check-in waits for first, then the others the exam asks for.
  const documentTypes =
    typeof uploading === 'number'
      ? [
          ...needs.filter((type) => type.documentTypeId === uploading),
          ...needs.filter((type) => type.documentTypeId !== uploading),
        ]
      : needs;

  return (
    <>
      <CheckInAction
        bookingKey={bookingKey}
        appointmentId={appointmentId}
        timeZone={timeZone}
        autoStart={autoStart}
        onReferralMissing={(documentTypeId, then) => {
          uploaded.current = then;
          setUploading(documentTypeId);
        }}
      />
      <UploadAttachmentModal
        isOpen={uploading !== false}
        target={target}
        replacing={null}
        documentTypes={documentTypes}
        onSaved={(fileName) => {
          setUploading(false);
          onNotice(t('patient_portal.attachments.uploaded', { name: fileName }));
          uploaded.current?.();
          uploaded.current = null;
        }}
        onFailed={({ message }) => onNotice(message)}
        onClose={() => {
          setUploading(false);
          uploaded.current = null;
        }}
      />
    </>
  );
}
