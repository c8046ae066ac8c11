import type {
  IntegrationPatientChange,
  PatientChangeField,
  PatientChangeStatus,
  SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { expireStaleRequests } from './patient-change-expiry.ts';
import { decisionMessages } from './patient-change-messages.ts';
import { RequestNotPendingError, StaleRequestError } from './patient-changes.errors.ts';
import type { ChangeRequestRecord } from './patient-changes.repository.ts';
import type { PatientChangesStore } from './patient-changes-store.ts';
import { type PatientRecord, patientFieldColumns, sameValue } from './patient-fields.ts';

/** How many requests one list answers (oldest first); the provider decides and lists again. */
const listLimit = 200;

/** Who decides: `provider:<key name>` through /api/integration, `operator:cli` from the CLI. */
export interface Decider {
  actor: string;
}

const view = (request: ChangeRequestRecord, patient: PatientRecord): IntegrationPatientChange => ({
  id: request.id,
  patientId: request.patientId,
  bookingKey: request.bookingKey,
  origin: request.origin,
  status: request.status,
  changes: request.changes,
  requestedAt: request.requestedAt.toISOString(),
  decidedAt: request.decidedAt?.toISOString() ?? null,
  decidedBy: request.decidedBy,
  decisionNote: request.decisionNote,
  patient: {
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: patient.dateOfBirth,
  },
});

/**
 * The provider's side of detail change requests (docs/product/patient-detail-changes.md): list,
 * accept (the only write of a patient record here: every field at once, and only while each
 * still holds the value the patient saw) and reject. The patient is told by e-mail through the
 * outbox, in the decision's transaction. Everything is audited as the decider.
 */
export function createPatientChangeDecisions(deps: {
  store: PatientChangesStore;
  clock: Clock;
  providerName: string;
  /** config/patient-details.json's pendingRequestDays. */
  pendingRequestDays: number;
  /** The provider's default locale (jsLocale): when the patient's is unknown. */
  defaultLocale: SupportedLocale;
}) {
  const { store, clock, providerName, pendingRequestDays } = deps;
  // The provider decides; the patient reads it later, in the language they booked in (035).
  const localeOf = async (tx: PatientChangesStore, patientId: string) =>
    (await tx.patientLocale(patientId)) ?? deps.defaultLocale;

  const audit = (
    tx: PatientChangesStore,
    decider: Decider,
    action: string,
    request: ChangeRequestRecord,
    context: RequestContext,
    details: Record<string, string | number | boolean | null | string[]> = {},
  ) =>
    tx.insertAuditEvent(
      {
        actor: decider.actor,
        action,
        subjectType: 'patient_change_request',
        subjectId: request.id,
        ...context,
        details: { patientId: request.patientId, ...details },
      },
      clock.now(),
    );

  /** The request and its record, both locked, or why there is nothing to decide. */
  async function pendingWithPatient(tx: PatientChangesStore, requestId: string) {
    const request = await tx.findRequest(requestId, true);
    if (!request) throw new NotFoundError('There is no such change request.');
    if (request.status !== 'PENDING') {
      throw new RequestNotPendingError(`This request is already ${request.status}.`);
    }
    const patient = await tx.findPatient(request.patientId, true);
    if (!patient) throw new NotFoundError('The patient record of this request is gone.');
    return { request, patient };
  }

  const fieldsOf = (request: ChangeRequestRecord) =>
    request.changes.map((change) => change.field as PatientChangeField);

  return {
    async list(
      decider: Decider,
      status: PatientChangeStatus,
      context: RequestContext,
    ): Promise<IntegrationPatientChange[]> {
      return store.transaction(async (tx) => {
        await expireStaleRequests(tx, clock.now(), pendingRequestDays, context);
        const requests = await tx.listRequests(status, listLimit);
        const answer: IntegrationPatientChange[] = [];
        for (const request of requests) {
          const patient = await tx.findPatient(request.patientId);
          if (patient) answer.push(view(request, patient));
        }
        await tx.insertAuditEvent(
          {
            actor: decider.actor,
            action: 'patient-data.read',
            subjectType: 'patient_change_requests',
            subjectId: status,
            ...context,
            details: { what: 'patient-change-requests', count: answer.length },
          },
          clock.now(),
        );
        return answer;
      });
    },

    async accept(
      decider: Decider,
      requestId: string,
      context: RequestContext,
    ): Promise<IntegrationPatientChange> {
      return store.transaction(async (tx) => {
        await expireStaleRequests(tx, clock.now(), pendingRequestDays, context);
        const { request, patient } = await pendingWithPatient(tx, requestId);
        const stale = request.changes.filter(
          (change) =>
            !sameValue(patient.values[change.field as PatientChangeField], change.oldValue),
        );
        if (stale.length > 0) {
          throw new StaleRequestError(
            'The patient record has changed since this request was made; nothing was changed. Reject it, or ask the patient to request again.',
            stale.map((change) => ({ path: change.field, message: 'no longer holds oldValue' })),
          );
        }
        await tx.updatePatientValues(
          patient.id,
          request.changes.map((change) => ({
            column: patientFieldColumns[change.field as PatientChangeField],
            value: change.newValue,
          })),
        );
        const decided = await tx.decideRequest(
          request.id,
          { status: 'ACCEPTED', decidedBy: decider.actor, note: null },
          clock.now(),
        );
        await audit(tx, decider, 'patient-change.accepted', request, context, {
          fields: fieldsOf(request),
        });
        const newEmail = request.changes.find((change) => change.field === 'email')?.newValue;
        await tx.enqueueMessages(
          decisionMessages(await localeOf(tx, patient.id), {
            providerName,
            firstName: String(
              request.changes.find((change) => change.field === 'firstName')?.newValue ??
                patient.firstName,
            ),
            recipients: [patient.email, ...(typeof newEmail === 'string' ? [newEmail] : [])],
            accepted: true,
            fields: fieldsOf(request),
            note: null,
          }),
          clock.now(),
        );
        const updated = (await tx.findPatient(patient.id)) ?? patient;
        return view(decided ?? request, updated);
      });
    },

    async reject(
      decider: Decider,
      requestId: string,
      note: string | null,
      context: RequestContext,
    ): Promise<IntegrationPatientChange> {
      return store.transaction(async (tx) => {
        await expireStaleRequests(tx, clock.now(), pendingRequestDays, context);
        const { request, patient } = await pendingWithPatient(tx, requestId);
        const decided = await tx.decideRequest(
          request.id,
          { status: 'REJECTED', decidedBy: decider.actor, note },
          clock.now(),
        );
        await audit(tx, decider, 'patient-change.rejected', request, context, {
          fields: fieldsOf(request),
          withNote: note !== null,
        });
        await tx.enqueueMessages(
          decisionMessages(await localeOf(tx, patient.id), {
            providerName,
            firstName: patient.firstName,
            recipients: [patient.email],
            accepted: false,
            fields: fieldsOf(request),
            note,
          }),
          clock.now(),
        );
        return view(decided ?? request, patient);
      });
    },
  };
}

export type PatientChangeDecisions = ReturnType<typeof createPatientChangeDecisions>;
