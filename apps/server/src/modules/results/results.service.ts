import type {
  AppointmentResult,
  PatientMatchRequest,
  PatientMatchResponse,
  ResultsConfig,
  ResultsResponse,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { AuditEvent } from '../audit/index.ts';
import { sha256Hex } from '../authentication/index.ts';
import {
  PatientMatchingBlockedError,
  PatientMatchingFailedError,
  ResultsExpiredError,
} from './results.errors.ts';
import type { PatientRow, ResultRow } from './results.repository.ts';
import type { ResultsStore } from './results-store.ts';

const dayMs = 86_400_000;

/** Who asks: where from, the browser and the session (audited, and recorded on shared reads). */
export interface ResultsCaller {
  clientAddress: string;
  requestId: string;
  userAgent: string | null;
  sessionId: string;
}

/** An identity check counted with the sign-in attempts (the authentication service's). */
/**
 * The PACS's side of "View images" (docs/product/images.md): of these accession numbers, the
 * ones it holds a study for. Answers an empty set, never an error, when the PACS is down, so
 * results still show.
 */
export interface ResultImages {
  available(accessionNumbers: string[]): Promise<Set<string>>;
}

export type CountedCheck = (
  bookingKey: string,
  caller: ResultsCaller,
  check: () => Promise<boolean>,
) => Promise<'PASSED' | 'FAILED' | 'BLOCKED'>;

/** An audit entry about a booking key, named by its SHA-256 (never the key itself). */
export function resultsAudit(store: Pick<ResultsStore, 'insertAuditEvent'>, clock: Clock) {
  return (
    caller: Pick<ResultsCaller, 'clientAddress' | 'requestId'>,
    action: string,
    bookingKey: string,
    details: AuditEvent['details'],
    actor = 'patient',
  ) =>
    store.insertAuditEvent(
      {
        actor,
        action,
        subjectType: 'booking_key',
        subjectId: sha256Hex(bookingKey),
        clientAddress: caller.clientAddress,
        requestId: caller.requestId,
        ...(details ? { details } : {}),
      },
      clock.now(),
    );
}

/**
 * Appointments as a results view shows them. A report released longer ago than
 * resultsAccessDays is no longer shown; when that leaves nothing, the whole view is
 * RESULTS_EXPIRED. accessExpiresAt: when the first of the shown reports goes.
 */
export function resultsView(
  rows: ResultRow[],
  now: Date,
  settings: Pick<ResultsConfig, 'resultsAccessDays'>,
): { results: AppointmentResult[]; accessExpiresAt: string | null } {
  const period = settings.resultsAccessDays * dayMs;
  const shown = rows.filter(
    (row) => row.releasedAt === null || row.releasedAt.getTime() + period > now.getTime(),
  );
  if (shown.length === 0 && rows.length > 0) {
    throw new ResultsExpiredError('The access period of these results has passed.');
  }
  const ends = shown.flatMap((row) => (row.releasedAt ? [row.releasedAt.getTime() + period] : []));
  return {
    accessExpiresAt: ends.length > 0 ? new Date(Math.min(...ends)).toISOString() : null,
    results: shown.map((row) => ({
      appointmentId: row.appointmentId,
      startsAt: row.startsAt.toISOString(),
      timeZone: row.timeZone,
      exam: { name: row.examName, modalityName: row.modalityName },
      clinic: { name: row.clinicName },
      status: row.releasedAt && row.reportTitle !== null ? 'AVAILABLE' : 'NOT_READY',
      releasedAt: row.releasedAt?.toISOString() ?? null,
      report:
        row.releasedAt && row.reportTitle !== null
          ? { title: row.reportTitle, text: row.reportText ?? '' }
          : null,
      // Set by withImages once the PACS was asked; a result not yet released shows none.
      imagesAvailable: false,
      accessionNumber: row.releasedAt ? row.accessionNumber : null,
    })),
  };
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** The patient match's comparison: the date of birth, and the e-mail or the contact number. */
export function patientMatches(patient: PatientRow, request: PatientMatchRequest): boolean {
  if (patient.dateOfBirth !== request.dateOfBirth) return false;
  if (request.otpType === 'EMAIL') {
    return (request.email ?? '').trim().toLowerCase() === patient.email.trim().toLowerCase();
  }
  const given = digits(request.contactNumber);
  return given.length > 0 && given === digits(patient.contactNumber);
}

/**
 * A signed-in patient's results (docs/product/results-and-sharing.md): the key's results, the
 * patient match and the history of every booking of the same person. Every read is audited.
 */
export function createResultsService(deps: {
  store: ResultsStore;
  clock: Clock;
  settings: ResultsConfig;
  countedCheck: CountedCheck;
  /** Which accession numbers the PACS holds (the image viewer module); absent: none. */
  images?: ResultImages;
}) {
  const { store, clock, settings } = deps;
  const audit = resultsAudit(store, clock);

  async function patientOf(bookingKey: string): Promise<PatientRow> {
    const patient = await store.patientOfKey(bookingKey);
    if (!patient) throw new NotFoundError('There are no appointments under this key.');
    return patient;
  }

  const withImages = async (view: ReturnType<typeof resultsView>) => {
    const numbers = view.results.flatMap((result) =>
      result.accessionNumber ? [result.accessionNumber] : [],
    );
    if (!deps.images || numbers.length === 0) return view;
    const held = await deps.images.available(numbers);
    return {
      ...view,
      results: view.results.map((result) => ({
        ...result,
        imagesAvailable: result.accessionNumber !== null && held.has(result.accessionNumber),
      })),
    };
  };

  const respond = (
    bookingKey: string,
    patient: PatientRow,
    view: ReturnType<typeof resultsView>,
  ): ResultsResponse => ({
    bookingKey,
    patient: { firstName: patient.firstName, lastName: patient.lastName },
    shared: false,
    shareType: null,
    accessExpiresAt: view.accessExpiresAt,
    results: view.results,
  });

  return {
    /** GET .../result */
    async result(bookingKey: string, caller: ResultsCaller): Promise<ResultsResponse> {
      const patient = await patientOf(bookingKey);
      const rows = await store.resultsOfKey(bookingKey);
      const view = await withImages(resultsView(rows, clock.now(), settings));
      await audit(caller, 'patient-data.read', bookingKey, {
        what: 'results',
        count: view.results.length,
        sessionId: caller.sessionId,
      });
      return respond(bookingKey, patient, view);
    },

    /** GET .../result/history: every completed appointment of the same person. */
    async history(bookingKey: string, caller: ResultsCaller): Promise<ResultsResponse> {
      const patient = await patientOf(bookingKey);
      const rows = await store.historyOfPatient(patient);
      const view = await withImages(resultsView(rows, clock.now(), settings));
      await audit(caller, 'patient-data.read', bookingKey, {
        what: 'results-history',
        count: view.results.length,
        bookingKeys: new Set(rows.map((row) => row.bookingKey)).size,
        sessionId: caller.sessionId,
      });
      return respond(bookingKey, patient, view);
    },

    /**
     * POST .../result/patient_match: the date of birth and the e-mail or contact number once
     * more. A failure counts with the sign-in attempts of the key and the address.
     */
    async patientMatch(
      bookingKey: string,
      request: PatientMatchRequest,
      caller: ResultsCaller,
    ): Promise<PatientMatchResponse> {
      const patient = await store.patientOfKey(bookingKey);
      const outcome = await deps.countedCheck(
        bookingKey,
        caller,
        async () => patient !== undefined && patientMatches(patient, request),
      );
      await audit(caller, 'results.patient-match', bookingKey, {
        outcome,
        otpType: request.otpType,
        sessionId: caller.sessionId,
      });
      if (outcome === 'BLOCKED') {
        throw new PatientMatchingBlockedError('Too many failed attempts. Try again later.');
      }
      if (outcome === 'FAILED') {
        throw new PatientMatchingFailedError('The details do not match the patient.');
      }
      return { historyAppointments: bookingKey };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
