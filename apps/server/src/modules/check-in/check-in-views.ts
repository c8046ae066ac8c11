import {
  type CheckInReadiness,
  type CheckInRecord,
  checkInReadinessMessages,
} from '@portal/contract';
import type { CheckInRecordRow } from './check-in.repository.ts';
import type { AppointmentDocuments } from './check-in-store.ts';

/** A stored check-in as the patient's status shows it (no form values). */
export const toRecord = (row: CheckInRecordRow): CheckInRecord => ({
  id: row.id,
  state: row.state,
  submittedAt: row.submittedAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  checkInPrepared: true,
  checkInSent: row.state === 'DELIVERED',
  checkInSuccess: row.state === 'DELIVERED',
  channel: row.channel,
});

/**
 * Readiness (docs/product/check-in.md#readiness): the first required document without an
 * upload on the appointment, the referral first.
 */
export function readinessOf(documents: AppointmentDocuments): CheckInReadiness {
  const uploaded = new Set(documents.uploadedTypeIds);
  const missing = documents.required
    .filter((type) => !uploaded.has(type.documentTypeId))
    .sort((a, b) => Number(b.slug === 'referral') - Number(a.slug === 'referral'));
  const first = missing[0];
  if (!first) {
    return { ready: true, requiredReferralUploaded: true, documentTypeId: null, message: null };
  }
  const referral = first.slug === 'referral';
  return {
    ready: false,
    requiredReferralUploaded: !referral,
    documentTypeId: first.documentTypeId,
    message: referral
      ? checkInReadinessMessages.referralMissing
      : checkInReadinessMessages.documentMissing,
  };
}
