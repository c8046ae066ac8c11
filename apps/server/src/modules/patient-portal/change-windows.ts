import type {
  AppointmentChange,
  CanChangeStatusResponse,
  PatientPortalConfig,
} from '@portal/contract';
import { patientPortalErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** What the windows look at: an appointment's status, start, exam and modality. */
export interface ChangeSubject {
  status: string;
  startsAt: Date;
  exam: { modalitySlug: string; walkIn: boolean };
}

export type ChangeWindowSettings = Pick<
  PatientPortalConfig,
  | 'cancelPriorMinutes'
  | 'reschedulePriorMinutes'
  | 'priorMinutesByModality'
  | 'rescheduleWalkInAllowed'
  | 'enquireOnlyModalities'
>;

/** 409 with the specification's message key as code (docs/product/messages.md). */
export class ChangeNotAllowedError extends DomainError {
  readonly statusCode = 409;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const ended = new Set(['CANCELED', 'RESCHEDULED', 'CHANGED', 'DECLINED_BY_PATIENT']);

/** The window for this change of this appointment: minutes before its start. */
export function priorMinutesFor(
  settings: ChangeWindowSettings,
  subject: ChangeSubject,
  change: AppointmentChange,
): number {
  const byModality = settings.priorMinutesByModality[subject.exam.modalitySlug];
  return change === 'CANCEL'
    ? (byModality?.cancel ?? settings.cancelPriorMinutes)
    : (byModality?.reschedule ?? settings.reschedulePriorMinutes);
}

/**
 * Whether a patient may make `change` now (docs/product/patient-portal.md#the-rules-of-change):
 * an ended appointment (cancelled, moved, declined) or one already started
 * cannot be changed (APPOINTMENT_CANCELLED); an enquire-only modality's are
 * changed by the clinic (ENQUIRE_ONLY: the cancel becomes a request); and a
 * change closer to the start than the window is refused (PRIOR_MINUTES). The
 * window is a length of real time before the start instant, so it holds the
 * same across a daylight-saving change in the clinic's zone.
 */
export function changeStatus(
  settings: ChangeWindowSettings,
  subject: ChangeSubject,
  change: AppointmentChange,
  now: Date,
): CanChangeStatusResponse {
  const priorMinutes = priorMinutesFor(settings, subject, change);
  const refuse = (reason: CanChangeStatusResponse['reason']) => ({
    canChange: false,
    reason,
    priorMinutes,
  });
  if (ended.has(subject.status) || subject.status === 'COMPLETED' || subject.status === 'NO_SHOW') {
    return refuse('APPOINTMENT_CANCELLED');
  }
  if (settings.enquireOnlyModalities.includes(subject.exam.modalitySlug)) {
    return refuse('ENQUIRE_ONLY');
  }
  if (subject.startsAt.getTime() - now.getTime() < priorMinutes * 60_000) {
    return refuse('PRIOR_MINUTES');
  }
  return { canChange: true, reason: null, priorMinutes };
}

/** Throws the refusal a patient sees for a cancel that is not allowed (ENQUIRE_ONLY passes). */
export function assertMayCancel(
  settings: ChangeWindowSettings,
  subject: ChangeSubject,
  now: Date,
): void {
  const status = changeStatus(settings, subject, 'CANCEL', now);
  if (status.canChange || status.reason === 'ENQUIRE_ONLY') return;
  if (status.reason === 'PRIOR_MINUTES') {
    throw new ChangeNotAllowedError(
      patientPortalErrorCodes.cancelPriorMinutes,
      `This appointment can be cancelled online until ${status.priorMinutes} minutes before it starts. Please call the clinic.`,
    );
  }
  throw new ChangeNotAllowedError(
    patientPortalErrorCodes.cancelNotAllowed,
    'This appointment can no longer be cancelled.',
  );
}

/** Throws the refusal for a reschedule or change that is not allowed (walk-in rule first). */
export function assertMayMove(
  settings: ChangeWindowSettings,
  subject: ChangeSubject,
  change: 'RESCHEDULE' | 'CHANGE',
  now: Date,
): void {
  if (subject.exam.walkIn && !settings.rescheduleWalkInAllowed) {
    throw new ChangeNotAllowedError(
      patientPortalErrorCodes.rescheduleWalkIn,
      'A walk-in appointment cannot be moved online. Please call the clinic.',
    );
  }
  const status = changeStatus(settings, subject, change, now);
  if (status.canChange) return;
  if (status.reason === 'PRIOR_MINUTES') {
    throw new ChangeNotAllowedError(
      patientPortalErrorCodes.reschedulePriorMinutes,
      `This appointment can be moved online until ${status.priorMinutes} minutes before it starts. Please call the clinic.`,
    );
  }
  if (status.reason === 'APPOINTMENT_CANCELLED') {
    throw new ChangeNotAllowedError(
      patientPortalErrorCodes.rescheduleCancelled,
      'A cancelled or moved appointment cannot be moved.',
    );
  }
  throw new ChangeNotAllowedError(
    patientPortalErrorCodes.rescheduleNotAllowed,
    'This appointment is changed by the clinic. Please call the clinic.',
  );
}
