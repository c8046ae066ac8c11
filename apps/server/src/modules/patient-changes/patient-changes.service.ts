import { createHash } from 'node:crypto';
import {
  type PatientChangeField,
  type PatientChangeRequestBody,
  type PatientChangeResponse,
  type PatientDetailsConfig,
  type PatientDetailsState,
  type PatientFieldChange,
  type PatientFieldValue,
  type PendingPatientChange,
  patientChangeFields,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { expireStaleRequests } from './patient-change-expiry.ts';
import {
  FieldNotChangeableError,
  FieldRequiredError,
  NoChangesError,
  RequestNotPendingError,
  RequestPendingError,
  UnknownOptionError,
} from './patient-changes.errors.ts';
import type { ChangeRequestRecord, PatientScope } from './patient-changes.repository.ts';
import type { PatientChangesStore } from './patient-changes-store.ts';
import { type PatientValues, sameValue } from './patient-fields.ts';

/** What a booking's questionnaire answers say about the patient's details (issue 5's outcome). */
export interface PatientDetailOutcome {
  insuranceTypeId: number | null;
  validationCodeRequired: boolean;
}
export type PatientDetailOutcomeOf = (
  bookingKey: string,
  examSlugs: readonly string[],
) => Promise<PatientDetailOutcome>;

/** How the audit trail names a booking key: by its SHA-256, never the key itself. */
export const bookingKeySubject = (bookingKey: string) =>
  createHash('sha256').update(bookingKey).digest('hex');

export const pendingView = (request: ChangeRequestRecord): PendingPatientChange => ({
  id: request.id,
  origin: request.origin,
  requestedAt: request.requestedAt.toISOString(),
  changes: request.changes,
});

export interface PatientChangesServiceDeps {
  store: PatientChangesStore;
  clock: Clock;
  settings: PatientDetailsConfig;
  /** The key's questionnaire outcome (the questionnaires module's, injected by app.ts). */
  outcomeOf: PatientDetailOutcomeOf;
}

/**
 * A signed-in patient's side of detail change requests (docs/product/patient-detail-changes.md):
 * the form's state, a new request and its withdrawal. Nothing here writes the patient record:
 * a request waits for the provider's decision (decision 025). Every read and change is audited
 * in its transaction, with field names only, never values.
 */
export function createPatientChangesService(deps: PatientChangesServiceDeps) {
  const { store, clock, settings } = deps;
  const changeable = new Set<PatientChangeField>(settings.changeableFields);
  const options = {
    ethnicityId: new Set(settings.ethnicities.map((option) => option.id)),
    insuranceTypeId: new Set(settings.insuranceTypes.map((option) => option.id)),
  };

  const audit = (
    tx: PatientChangesStore,
    action: string,
    subject: { subjectType: string; subjectId: string },
    context: RequestContext,
    details: Record<string, string | number | boolean | null | string[]>,
  ) =>
    tx.insertAuditEvent({ actor: 'patient', action, ...subject, ...context, details }, clock.now());

  /** The key's record; `lock` (a change) holds it until the transaction ends. */
  async function patientOf(
    tx: PatientChangesStore,
    bookingKey: string,
    scope: PatientScope,
    lock = true,
  ) {
    const patient = await tx.findPatientOfKey(bookingKey, scope, lock);
    if (!patient) throw new NotFoundError('There is no patient record under this booking key.');
    return patient;
  }

  /** Fields the key's outcome requires while the record has none (validationCodeRequired). */
  async function outcomeOf(bookingKey: string, scope: PatientScope) {
    const examSlugs = await store.examSlugsOfKey(bookingKey, scope);
    return deps.outcomeOf(bookingKey, examSlugs);
  }
  const requiredBy = (
    outcome: PatientDetailOutcome,
    values: PatientValues,
  ): PatientChangeField[] =>
    outcome.validationCodeRequired &&
    changeable.has('validationCode') &&
    values.validationCode === null
      ? ['validationCode']
      : [];

  /** The asked-for fields, checked against what the provider lets patients change. */
  function checkedValues(body: PatientChangeRequestBody) {
    const asked = Object.entries(body.changes).filter(([, value]) => value !== undefined) as Array<
      [PatientChangeField, PatientFieldValue]
    >;
    const refused = asked.filter(([field]) => !changeable.has(field));
    if (refused.length > 0) {
      throw new FieldNotChangeableError(
        'These details cannot be changed online; please call the clinic.',
        refused.map(([field]) => ({ path: `changes.${field}`, message: 'not changeable online' })),
      );
    }
    for (const [field, value] of asked) {
      if ((field === 'ethnicityId' || field === 'insuranceTypeId') && value !== null) {
        if (!options[field].has(value as number)) {
          throw new UnknownOptionError('That is not one of the options offered.', [
            { path: `changes.${field}`, message: 'is not one of the options' },
          ]);
        }
      }
    }
    return asked;
  }

  return {
    async state(
      bookingKey: string,
      scope: PatientScope,
      context: RequestContext,
    ): Promise<PatientDetailsState> {
      const outcome = await outcomeOf(bookingKey, scope);
      return store.transaction(async (tx) => {
        await expireStaleRequests(tx, clock.now(), settings.pendingRequestDays, context);
        const patient = await patientOf(tx, bookingKey, scope, false);
        const pending = await tx.findPendingOfPatient(patient.id);
        await audit(
          tx,
          'patient-data.read',
          { subjectType: 'patient', subjectId: patient.id },
          context,
          {
            what: 'patient-details',
            bookingKey: bookingKeySubject(bookingKey),
          },
        );
        const values: Record<string, PatientFieldValue> = {};
        for (const field of settings.changeableFields) values[field] = patient.values[field];
        const suggested = outcome.insuranceTypeId;
        return {
          patientChangeDetails: {
            changeableFields: [...settings.changeableFields],
            values,
            requiredFields: requiredBy(outcome, patient.values),
            suggestedInsuranceTypeId:
              suggested !== null && options.insuranceTypeId.has(suggested) ? suggested : null,
            pendingRequest: pending ? pendingView(pending) : null,
          },
          ethnicities: settings.ethnicities,
          insuranceTypes: settings.insuranceTypes,
        };
      });
    },

    async request(
      bookingKey: string,
      scope: PatientScope,
      body: PatientChangeRequestBody,
      context: RequestContext,
    ): Promise<PatientChangeResponse> {
      const asked = checkedValues(body);
      const outcome = await outcomeOf(bookingKey, scope);
      return store.transaction(async (tx) => {
        await expireStaleRequests(tx, clock.now(), settings.pendingRequestDays, context);
        const patient = await patientOf(tx, bookingKey, scope);
        if (await tx.findPendingOfPatient(patient.id)) {
          throw new RequestPendingError('A request is already waiting for the clinic.');
        }
        const changes: PatientFieldChange[] = [];
        // The form's order, whatever the body's.
        for (const field of patientChangeFields) {
          const entry = asked.find(([name]) => name === field);
          if (!entry) continue;
          const newValue = entry[1] === '' ? null : entry[1];
          const oldValue = patient.values[field];
          if (!sameValue(oldValue, newValue)) changes.push({ field, oldValue, newValue });
        }
        const empty = requiredBy(outcome, patient.values).filter(
          (field) => (changes.find((change) => change.field === field)?.newValue ?? null) === null,
        );
        if (empty.length > 0) {
          throw new FieldRequiredError(
            'The clinic needs these details.',
            empty.map((field) => ({ path: `changes.${field}`, message: 'is required' })),
          );
        }
        if (changes.length === 0) throw new NoChangesError('Nothing would change.');
        const stored = await tx.insertRequest(
          { patientId: patient.id, bookingKey, origin: body.origin, changes },
          clock.now(),
        );
        if (!stored) throw new RequestPendingError('A request is already waiting for the clinic.');
        await audit(
          tx,
          'patient-change.requested',
          { subjectType: 'patient_change_request', subjectId: stored.id },
          context,
          {
            patientId: patient.id,
            origin: body.origin,
            fields: changes.map((change) => change.field),
            bookingKey: bookingKeySubject(bookingKey),
          },
        );
        return {
          message: 'message.patient_request_success_message',
          pendingRequest: pendingView(stored),
        };
      });
    },

    async withdraw(
      bookingKey: string,
      scope: PatientScope,
      requestId: string,
      context: RequestContext,
    ): Promise<PatientChangeResponse> {
      return store.transaction(async (tx) => {
        await expireStaleRequests(tx, clock.now(), settings.pendingRequestDays, context);
        const patient = await patientOf(tx, bookingKey, scope);
        const request = await tx.findRequest(requestId, true);
        // Another record's request reads as none at all.
        if (!request || request.patientId !== patient.id) {
          throw new NotFoundError('There is no such request.');
        }
        if (request.status !== 'PENDING') {
          throw new RequestNotPendingError('The clinic has already decided on this request.');
        }
        await tx.decideRequest(
          request.id,
          { status: 'WITHDRAWN', decidedBy: 'patient', note: null },
          clock.now(),
        );
        await audit(
          tx,
          'patient-change.withdrawn',
          { subjectType: 'patient_change_request', subjectId: request.id },
          context,
          { patientId: patient.id, bookingKey: bookingKeySubject(bookingKey) },
        );
        return { message: 'patient_details.withdrawn', pendingRequest: null };
      });
    },
  };
}

export type PatientChangesService = ReturnType<typeof createPatientChangesService>;
