import type { RequestContext } from '../audit/index.ts';
import type { PatientChangesStore } from './patient-changes-store.ts';

const dayMs = 86_400_000;

/**
 * Ends pending requests older than `pendingRequestDays` (docs/product/patient-detail-changes.md#expiry)
 * inside the caller's transaction, before it reads or decides one: no timer is needed for a
 * request to be expired when anybody looks, and every instance agrees. Each is audited as the
 * system's act, with field names only.
 */
export async function expireStaleRequests(
  tx: PatientChangesStore,
  now: Date,
  pendingRequestDays: number,
  context: RequestContext,
): Promise<void> {
  const expired = await tx.expirePendingBefore(
    new Date(now.getTime() - pendingRequestDays * dayMs),
    now,
  );
  for (const request of expired) {
    await tx.insertAuditEvent(
      {
        actor: 'system',
        action: 'patient-change.expired',
        subjectType: 'patient_change_request',
        subjectId: request.id,
        ...context,
        details: {
          patientId: request.patientId,
          fields: request.changes.map((change) => change.field),
          pendingRequestDays,
        },
      },
      now,
    );
  }
}
