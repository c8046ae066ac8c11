import {
  type CheckInStatusResponse,
  type KioskAppointment,
  type KioskAppointmentsResponse,
  type KioskDisabledReason,
  type KioskIdentityCheckRequest,
  type KioskIdentityCheckResponse,
  kioskDisabledReasons,
  kioskNotIdentifiedErrorCode,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuditEvent, KioskDevice, RequestContext } from '../audit/index.ts';
import type { AuthenticationRequestInfo, PatientSession } from '../authentication/index.ts';
import { localDayOf } from '../availability/index.ts';
import type { IdentityCandidate, KioskAppointmentRow } from './kiosk.repository.ts';

/** A browser that is not a named kiosk asked for an identity check. */
export class KioskNotIdentifiedError extends DomainError {
  readonly statusCode = 403;
  readonly code: string = kioskNotIdentifiedErrorCode;
}

/** The caller of the check-in module's status read (its CheckInCaller). */
export interface KioskCheckInCaller {
  context: RequestContext;
  sessionId: string;
  kiosk: { name: string; deviceId: string | null } | null;
}

export interface KioskServiceDeps {
  clock: Clock;
  store: {
    findIdentityCandidates(query: {
      dateOfBirth: string;
      from: Date;
      to: Date;
    }): Promise<IdentityCandidate[]>;
    appointmentsOfKey(query: {
      bookingKey: string;
      from: Date;
      to: Date;
    }): Promise<KioskAppointmentRow[]>;
    insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  };
  /** The authentication module's counted identity check (attempt limits, database-backed). */
  countedCheck(
    key: string,
    info: AuthenticationRequestInfo,
    check: () => Promise<boolean>,
  ): Promise<'PASSED' | 'FAILED' | 'BLOCKED'>;
  /** The check-in module's status of one appointment (window, readiness, the check-in made). */
  checkInStatus(
    bookingKey: string,
    appointmentId: string,
    caller: KioskCheckInCaller,
  ): Promise<CheckInStatusResponse>;
  /** Whether an unanswered FEEDBACK questionnaire applies to the appointment. */
  feedbackDue(bookingKey: string, appointmentId: string): Promise<boolean>;
  /** SHA-256 hex: how audit events and attempts name a key without holding it. */
  hash(text: string): string;
}

/**
 * Last names as a kiosk compares them: without case, accents, spaces, hyphens and apostrophes
 * ("O'Brien-Núñez" and "obrien nunez" match), since a patient types on a tablet's keyboard.
 */
export function comparableLastName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-AU')
    .replace(/[\s'’‘`-]/g, '');
}

// Appointments around now wide enough to hold every zone's "today" (UTC-12 to UTC+14).
const aroundToday = (now: Date) => ({
  from: new Date(now.getTime() - 36 * 3_600_000),
  to: new Date(now.getTime() + 36 * 3_600_000),
});

const isToday = (startsAt: Date, timeZone: string, now: Date) =>
  localDayOf(timeZone, startsAt.getTime()) === localDayOf(timeZone, now.getTime());

const noMatch = (maxAttemptsReached: boolean): KioskIdentityCheckResponse => ({
  appointmentBookingKeys: [],
  samePatient: false,
  feedbackQuestionnaireAnswered: false,
  disabledReason: null,
  maxAttemptsReached,
});

/**
 * Kiosk check-in (docs/product/kiosk.md#check-in): the identity check by last name and date
 * of birth that finds today's booking, and the reload of the booking's appointments after the
 * patient signed in, which decides the kiosk's next step.
 */
export function createKioskService(deps: KioskServiceDeps) {
  const { clock, store } = deps;

  const audit = (
    info: AuthenticationRequestInfo,
    device: KioskDevice,
    action: string,
    details: AuditEvent['details'] = {},
  ) =>
    store.insertAuditEvent(
      {
        actor: 'kiosk',
        action,
        subjectType: 'kiosk_device',
        subjectId: device.id,
        clientAddress: info.clientAddress,
        requestId: info.requestId,
        details,
      },
      clock.now(),
    );

  async function todaysMatches(request: KioskIdentityCheckRequest) {
    const now = clock.now();
    const wanted = comparableLastName(request.lastName);
    const candidates = await store.findIdentityCandidates({
      dateOfBirth: request.dateOfBirth,
      ...aroundToday(now),
    });
    return candidates.filter(
      (candidate) =>
        isToday(candidate.startsAt, candidate.timeZone, now) &&
        comparableLastName(candidate.lastName) === wanted,
    );
  }

  /** Feedback is due when an unanswered FEEDBACK questionnaire applies to one of them. */
  async function anyFeedbackDue(bookingKey: string, appointmentIds: readonly string[]) {
    for (const id of appointmentIds) {
      if (await deps.feedbackDue(bookingKey, id)) return true;
    }
    return false;
  }

  return {
    /**
     * POST /api/kiosk/identity_check. Only a named kiosk asks; every check is counted per
     * kiosk device and per address before it is made, and a match is forgotten. No match
     * answers like a wrong date: nothing says whether the name or the date was wrong.
     */
    async identityCheck(
      request: KioskIdentityCheckRequest,
      device: KioskDevice | null,
      info: AuthenticationRequestInfo,
    ): Promise<KioskIdentityCheckResponse> {
      if (!device) throw new KioskNotIdentifiedError('Only a named kiosk checks patients in.');
      let matches: IdentityCandidate[] = [];
      // Counted under the details' hash (the column holds 64 characters): the name and date are
      // never stored, and one pair tried again and again meets the per-key limit too.
      const digest = deps.hash(`${comparableLastName(request.lastName)}|${request.dateOfBirth}`);
      const attemptKey = `kiosk:${digest.slice(0, 58)}`;
      const outcome = await deps.countedCheck(attemptKey, info, async () => {
        matches = await todaysMatches(request);
        return matches.length > 0;
      });
      if (outcome === 'BLOCKED') {
        await audit(info, device, 'kiosk.identity-check.blocked');
        return noMatch(true);
      }
      if (outcome === 'FAILED') {
        await audit(info, device, 'kiosk.identity-check.failed');
        return noMatch(false);
      }
      const keys = [...new Set(matches.map((match) => match.bookingKey))];
      const samePatient = new Set(matches.map((match) => match.patientId)).size === 1;
      const key = keys[0];
      if (keys.length !== 1 || !samePatient || key === undefined) {
        // No key is given out: the front desk sorts out which booking is meant.
        await audit(info, device, 'kiosk.identity-check.ambiguous', {
          bookingKeys: keys.length,
          samePatient,
        });
        return {
          appointmentBookingKeys: [],
          samePatient,
          feedbackQuestionnaireAnswered: false,
          disabledReason: kioskDisabledReasons.multipleBookings,
          maxAttemptsReached: false,
        };
      }
      await audit(info, device, 'kiosk.identity-check.matched', { bookingKey: deps.hash(key) });
      const appointments = await store.appointmentsOfKey({
        bookingKey: key,
        ...aroundToday(clock.now()),
      });
      return {
        appointmentBookingKeys: [key],
        samePatient: true,
        feedbackQuestionnaireAnswered: !(await anyFeedbackDue(
          key,
          appointments.map((appointment) => appointment.id),
        )),
        disabledReason: null,
        maxAttemptsReached: false,
      };
    },

    /**
     * GET /api/secured/appointments/{bookingKey}/kiosk_appointments: today's appointments of
     * the signed-in key, each with whether it can be checked in now, and why not otherwise.
     */
    async appointments(
      session: PatientSession,
      device: KioskDevice | null,
      context: RequestContext,
    ): Promise<KioskAppointmentsResponse> {
      if (!device) throw new KioskNotIdentifiedError('Only a named kiosk checks patients in.');
      const now = clock.now();
      const rows = (
        await store.appointmentsOfKey({ bookingKey: session.bookingKey, ...aroundToday(now) })
      ).filter((row) => isToday(row.startsAt, row.timeZone, now));
      const caller: KioskCheckInCaller = {
        context,
        sessionId: session.id,
        kiosk: { name: device.name, deviceId: device.id },
      };
      const appointments: KioskAppointment[] = [];
      const reasons: KioskDisabledReason[] = [];
      let allDone = rows.length > 0;
      for (const row of rows) {
        const done = row.status === 'COMPLETED';
        const status = done ? null : await deps.checkInStatus(session.bookingKey, row.id, caller);
        const made = status?.checkIn && status.checkIn.state !== 'FAILED' ? status.checkIn : null;
        const canCheckIn =
          status !== null &&
          made === null &&
          status.enabled &&
          status.window === 'OPEN' &&
          status.readiness.ready;
        if (!done && made === null) allDone = false;
        if (status && !canCheckIn && made === null) reasons.push(reasonOf(status));
        appointments.push({
          id: row.id,
          startsAt: row.startsAt.toISOString(),
          timeZone: row.timeZone,
          examName: row.examName,
          clinicName: row.clinicName,
          canCheckIn,
          window: status?.window ?? 'CLOSED',
          checkInState: status?.checkIn?.state ?? null,
        });
      }
      const unanswered = await anyFeedbackDue(
        session.bookingKey,
        rows.map((row) => row.id),
      );
      // The FEEDBACK step follows a visit's check-in: only once nothing is left to check in.
      const feedbackDue = allDone && unanswered;
      const feedbackQuestionnaireAnswered = !unanswered;
      const disabledReason = appointments.some((appointment) => appointment.canCheckIn)
        ? null
        : rows.length === 0
          ? kioskDisabledReasons.noAppointmentToday
          : allDone
            ? feedbackDue
              ? null
              : kioskDisabledReasons.alreadyCheckedIn
            : (reasons[0] ?? kioskDisabledReasons.checkInDisabled);
      return { appointments, feedbackQuestionnaireAnswered, feedbackDue, disabledReason };
    },
  };
}

function reasonOf(status: CheckInStatusResponse): KioskDisabledReason {
  if (!status.enabled) return kioskDisabledReasons.checkInDisabled;
  if (status.window !== 'OPEN') return kioskDisabledReasons.outsideWindow;
  return kioskDisabledReasons.notReady;
}

export type KioskService = ReturnType<typeof createKioskService>;
