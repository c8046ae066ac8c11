import { randomUUID } from 'node:crypto';
import type {
  CheckInConfig,
  CheckInRequest,
  CheckInStatusResponse,
  FieldError,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import {
  CheckInDisabledError,
  CheckInFormError,
  CheckInNotReadyError,
  CheckInWindowError,
} from './check-in.errors.ts';
import type { CheckInAppointment, CheckInRecordRow, NewCheckIn } from './check-in.repository.ts';
import { checkInEventData, checkInEventMessage } from './check-in-event.ts';
import type { CheckInStore } from './check-in-store.ts';
import { readinessOf, toRecord } from './check-in-views.ts';
import { checkInWindow, clinicToday } from './check-in-window.ts';

/** One doctor at one practice location, as the referrer directory names them. */
export interface ReferrerSummary {
  id: string;
  firstName: string;
  lastName: string;
  providerNumber: string;
  practiceName: string | null;
}

/** The referrer directory's lookup (modules/referrers), wired in app.ts. */
export type ReferrerLookup = (id: string) => Promise<ReferrerSummary | null>;

/** Who asks: the patient's session, and the kiosk when the request carries its identity cookie. */
export interface CheckInCaller {
  context: RequestContext;
  sessionId: string;
  kiosk: { name: string; deviceId: string } | null;
}

export interface CheckInServiceDeps {
  store: CheckInStore;
  clock: Clock;
  settings: CheckInConfig;
  referrers: ReferrerLookup;
}

/**
 * Digital and kiosk check-in (docs/product/check-in.md): the status of an appointment's
 * check-in, and the submission that stores it with its webhook event in one transaction. The
 * Medicare number is read and written only here, and each read and write is audited.
 */
export function createCheckInService(deps: CheckInServiceDeps) {
  const { store, clock, settings } = deps;

  const audit = (
    tx: CheckInStore,
    caller: CheckInCaller,
    action: string,
    appointmentId: string,
    details: Record<string, string | number | boolean | null>,
  ) =>
    tx.insertAuditEvent(
      {
        actor: caller.kiosk ? 'patient:kiosk' : 'patient',
        action,
        subjectType: 'appointment',
        subjectId: appointmentId,
        clientAddress: caller.context.clientAddress,
        requestId: caller.context.requestId,
        details: {
          sessionId: caller.sessionId,
          channel: caller.kiosk ? 'KIOSK' : 'HOME',
          kioskDeviceName: caller.kiosk?.name ?? null,
          kioskDeviceId: caller.kiosk?.deviceId ?? null,
          ...details,
        },
      },
      clock.now(),
    );

  async function appointmentOf(bookingKey: string, appointmentId: string) {
    const appointment = await store.findAppointmentOfKey(bookingKey, appointmentId);
    if (!appointment) throw new NotFoundError('There is no such appointment under this key.');
    return appointment;
  }

  async function statusOf(
    appointment: CheckInAppointment,
    record: CheckInRecordRow | undefined,
  ): Promise<CheckInStatusResponse> {
    const { window, opensAt, closesAt } = checkInWindow(
      appointment.startsAt,
      clock.now(),
      settings,
    );
    const [documents, earlier] = await Promise.all([
      store.documentsOf(appointment.bookingKey, appointment.id, appointment.examSlug),
      store.latestMedicareNumberOfKey(appointment.bookingKey),
    ]);
    return {
      appointmentId: appointment.id,
      enabled: settings.enabled && appointment.status === 'BOOKED',
      window,
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
      priorMinutes: settings.priorMinutes,
      mode: settings.mode,
      showGenderSelection: settings.showGenderSelection,
      readiness: readinessOf(documents),
      patientMedicareNumber: earlier ?? appointment.patient.medicareNumber,
      checkIn: record ? toRecord(record) : null,
    };
  }

  /** The rules a new check-in must pass, in the order the patient meets them. */
  async function checkedSubmission(
    appointment: CheckInAppointment,
    request: CheckInRequest,
    caller: CheckInCaller,
  ): Promise<Omit<NewCheckIn, 'id' | 'outboxMessageId' | 'submittedAt'>> {
    const now = clock.now();
    if (!settings.enabled || appointment.status !== 'BOOKED') {
      throw new CheckInDisabledError('This appointment cannot be checked in.');
    }
    const { window } = checkInWindow(appointment.startsAt, now, settings);
    if (window !== 'OPEN') {
      throw new CheckInWindowError(
        window === 'NOT_YET_OPEN' ? 'Check-in is not open yet.' : 'Check-in has closed.',
        settings.priorMinutes,
      );
    }
    const readiness = readinessOf(
      await store.documentsOf(appointment.bookingKey, appointment.id, appointment.examSlug),
    );
    if (!readiness.ready) {
      throw new CheckInNotReadyError('A document the exam requires is missing.', readiness);
    }
    const { form } = request;
    const base = {
      appointmentId: appointment.id,
      bookingKey: appointment.bookingKey,
      channel: caller.kiosk ? ('KIOSK' as const) : ('HOME' as const),
      kioskDeviceName: caller.kiosk?.name ?? null,
    };
    if (!form) {
      if (settings.mode === 'FORM' && !caller.kiosk) {
        throw new CheckInFormError('The check-in form is required.', [
          { path: 'form', message: 'is required' },
        ]);
      }
      return {
        ...base,
        referrer: null,
        dateOfReferral: null,
        medicareNumber: null,
        medicareIrn: null,
        gender: null,
      };
    }
    const fields: FieldError[] = [];
    const referrer = await deps.referrers(form.referrer);
    if (!referrer) fields.push({ path: 'form.referrer', message: 'is not a known referrer' });
    if (form.dateOfReferral > clinicToday(now, appointment.timeZone)) {
      fields.push({ path: 'form.dateOfReferral', message: 'cannot be in the future' });
    }
    if (settings.showGenderSelection && form.gender === null) {
      fields.push({ path: 'form.gender', message: 'is required' });
    }
    if (fields.length > 0 || !referrer) {
      throw new CheckInFormError('The check-in form is not valid.', fields);
    }
    return {
      ...base,
      // As the directory names the doctor today: the event says who referred, even if it changes.
      referrer: {
        id: referrer.id,
        firstName: referrer.firstName,
        lastName: referrer.lastName,
        providerNumber: referrer.providerNumber,
        practiceName: referrer.practiceName,
      },
      dateOfReferral: form.dateOfReferral,
      medicareNumber: form.medicareNumber,
      medicareIrn: form.referenceNumber,
      gender: settings.showGenderSelection ? form.gender : null,
    };
  }

  return {
    async status(
      bookingKey: string,
      appointmentId: string,
      caller: CheckInCaller,
    ): Promise<CheckInStatusResponse> {
      const appointment = await appointmentOf(bookingKey, appointmentId);
      const record = await store.checkInOfAppointment(appointmentId);
      const status = await statusOf(appointment, record);
      await audit(store, caller, 'check-in.read', appointmentId, {
        checkInId: record?.id ?? null,
        medicareNumberRead: status.patientMedicareNumber !== null,
      });
      return status;
    },

    /**
     * Stores the check-in and queues its event, once per appointment: a repeat (or the loser
     * of a race, which waits on the appointment's row lock) gets the stored check-in back,
     * `created` false. A FAILED check-in is queued again under the same event id.
     */
    async submit(
      bookingKey: string,
      appointmentId: string,
      request: CheckInRequest,
      caller: CheckInCaller,
    ): Promise<{ created: boolean; status: CheckInStatusResponse }> {
      const appointment = await appointmentOf(bookingKey, appointmentId);
      const existing = await store.checkInOfAppointment(appointmentId);
      if (existing) {
        const created = await retryFailed(existing, appointment, caller);
        const record = created ? await store.checkInOfAppointment(appointmentId) : existing;
        return { created, status: await statusOf(appointment, record) };
      }
      const submission = await checkedSubmission(appointment, request, caller);
      const outcome = await store.transaction(async (tx) => {
        const locked = await tx.findAppointmentOfKey(bookingKey, appointmentId, true);
        if (locked?.status !== 'BOOKED') {
          throw new CheckInDisabledError('This appointment cannot be checked in.');
        }
        const stored = await tx.checkInOfAppointment(appointmentId);
        if (stored) return { created: false };
        const now = clock.now();
        const checkIn: Omit<NewCheckIn, 'outboxMessageId'> = {
          ...submission,
          id: randomUUID(),
          submittedAt: now,
        };
        const outboxMessageId = await tx.queueMessage(
          checkInEventMessage(checkInEventData({ ...checkIn, outboxMessageId: '' }, locked)),
          now,
        );
        const inserted = await tx.insertCheckIn({ ...checkIn, outboxMessageId });
        // The unique appointment id is the last word; the lock above makes this unreachable.
        if (!inserted) throw new Error('check-in stored concurrently');
        await audit(tx, caller, 'check-in.submitted', appointmentId, {
          checkInId: inserted.id,
          withForm: request.form !== null,
          medicareNumberStored: inserted.medicareNumber !== null,
          eventId: outboxMessageId,
        });
        return { created: true };
      });
      const record = await store.checkInOfAppointment(appointmentId);
      if (!outcome.created) {
        await audit(store, caller, 'check-in.read', appointmentId, {
          checkInId: record?.id ?? null,
          repeatedSubmission: true,
        });
      }
      return { created: outcome.created, status: await statusOf(appointment, record) };
    },
  };

  /** A FAILED check-in submitted again inside its window goes out again (same event id). */
  async function retryFailed(
    existing: CheckInRecordRow,
    appointment: CheckInAppointment,
    caller: CheckInCaller,
  ): Promise<boolean> {
    const now = clock.now();
    const open =
      appointment.status === 'BOOKED' &&
      settings.enabled &&
      checkInWindow(appointment.startsAt, now, settings).window === 'OPEN';
    if (existing.state !== 'FAILED' || !open) {
      await audit(store, caller, 'check-in.read', existing.appointmentId, {
        checkInId: existing.id,
        repeatedSubmission: true,
      });
      return false;
    }
    return store.transaction(async (tx) => {
      if (!(await tx.markQueuedAgain(existing.id))) return false;
      await tx.requeueFailedMessage(existing.outboxMessageId, now);
      await audit(tx, caller, 'check-in.requeued', existing.appointmentId, {
        checkInId: existing.id,
        eventId: existing.outboxMessageId,
      });
      return true;
    });
  }
}

export type CheckInService = ReturnType<typeof createCheckInService>;
