import type {
  AppointmentLinkActionResponse,
  AppointmentLinkResponse,
  SupportedLocale,
} from '@portal/contract';
import { patientPortalErrorCodes } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { createPeriodicTask } from '../../adapters/periodic-task.ts';
import { DomainError, NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { formatClinicTime } from '../availability/index.ts';
import { type AppointmentChangesService, clinicWallTime } from '../booking/index.ts';
import { reminderMessages } from '../notifications/index.ts';
import type { AppointmentActionsService } from '../patient-portal/index.ts';
import { actionLinkKey, signActionLink, verifyActionLink } from './action-links.ts';
import type { ReminderStore } from './reminder-store.ts';
import type { DueReminder } from './reminders.repository.ts';

/** 410: the link was used, or its appointment started or changed. */
export class LinkNotUsableError extends DomainError {
  readonly statusCode = 410;
  readonly code = patientPortalErrorCodes.linkNotUsable;
}

export interface RemindersDeps {
  store: ReminderStore;
  clock: Clock;
  /** Hours before the start; config/patient-portal.json reminderLeadHours. */
  leadHours: number[];
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): reminders of a patient whose locale is unknown. */
  defaultLocale: SupportedLocale;
  sessionSecret: string;
  /** The e-mail's check-in invitation: checkIn.priorMinutes, or null when check-in is off. */
  checkInPriorMinutes?: number | null;
}

/**
 * Reminders through the outbox at each lead time (docs/product/patient-portal.md#reminders):
 * a run queues every reminder that has fallen due, each in one transaction with its
 * links, on the appointment's locked row (a cancel meanwhile wins: it is no longer BOOKED).
 * Only the shortest lead that has fallen due is sent: a server down for a day sends the
 * 24-hour reminder, not the 72-hour one after it.
 */
export function createReminderScheduler(
  deps: RemindersDeps & { batchSize?: number; intervalMs?: number; onError?: (e: unknown) => void },
) {
  const { store, clock, publicUrl, providerName, defaultLocale } = deps;
  const key = actionLinkKey(deps.sessionSecret);
  const batchSize = deps.batchSize ?? 200;
  const leads = [...new Set(deps.leadHours)].sort((a, b) => b - a);

  async function queueOne(due: DueReminder, leadHours: number, now: Date) {
    return store.transaction(async (tx) => {
      if (!(await tx.lockBookedAppointment(due.appointmentId))) return false;
      const claim = { appointmentId: due.appointmentId, leadHours, now };
      if (!(await tx.claimReminder(claim))) return false;
      const links: Record<'CONFIRM' | 'CANCEL', string> = { CONFIRM: '', CANCEL: '' };
      for (const action of ['CONFIRM', 'CANCEL'] as const) {
        const link = { appointmentId: due.appointmentId, bookingKey: due.bookingKey, action };
        const signed = await signActionLink(key, { ...link, now, expiresAt: due.startsAt });
        await tx.insertActionLink({
          ...link,
          tokenHash: signed.tokenHash,
          now,
          expiresAt: due.startsAt,
        });
        links[action] = `${publicUrl}/appointment-links/${signed.token}`;
      }
      const line = `${due.examName}, ${due.clinicName}, ${clinicWallTime(due.startsAt, due.timeZone)}`;
      const priorMinutes = deps.checkInPriorMinutes ?? null;
      const ids = await tx.queueMessages(
        reminderMessages(due.locale ?? defaultLocale, {
          providerName,
          firstName: due.firstName,
          email: due.email,
          contactNumber: due.contactNumber,
          line,
          confirmLink: links.CONFIRM,
          cancelLink: links.CANCEL,
          manageLink: `${publicUrl}/appointments/${due.bookingKey}`,
          // Its QR code opens check-in on the patient's phone (docs/product/check-in.md#qr-codes).
          ...(priorMinutes === null
            ? {}
            : { checkIn: { priorMinutes, appointments: [{ id: due.appointmentId, line }] } }),
        }),
        now,
      );
      await tx.recordReminderMessages({ ...claim, outboxMessageIds: ids });
      return true;
    });
  }

  async function runOnce(): Promise<number> {
    const now = clock.now();
    let queued = 0;
    for (const [index, leadHours] of leads.entries()) {
      const shorterLeadHours = leads[index + 1] ?? 0;
      for (;;) {
        const due = await store.listDueReminders({
          now,
          leadHours,
          shorterLeadHours,
          limit: batchSize,
        });
        for (const reminder of due) if (await queueOne(reminder, leadHours, now)) queued += 1;
        if (due.length < batchSize) break;
      }
    }
    return queued;
  }

  return {
    runOnce,
    ...createPeriodicTask(runOnce, deps.intervalMs ?? 60_000, deps.onError ?? (() => {})),
  };
}

/** What a reminder's link shows and does: the confirm and cancel of the patient portal. */
export function createActionLinksService(
  deps: Pick<RemindersDeps, 'store' | 'clock' | 'sessionSecret'> & {
    changes: AppointmentChangesService;
    actions: AppointmentActionsService;
  },
) {
  const { store, clock, changes, actions } = deps;
  const key = actionLinkKey(deps.sessionSecret);

  async function claimsOf(token: string) {
    const claims = await verifyActionLink(key, token, clock.now());
    if (!claims) throw new NotFoundError('This link is not valid.');
    return claims;
  }

  return {
    /** What the link shows of the appointment is patient data: each look is audited. */
    async describe(token: string, context: RequestContext): Promise<AppointmentLinkResponse> {
      const now = clock.now();
      // An expired signature is still a link we issued: say so rather than "not valid".
      const claims = await verifyActionLink(key, token, new Date(0)).then((found) =>
        found ? found : claimsOf(token),
      );
      const appointment = await changes.find(claims.bookingKey, claims.appointmentId);
      const stored = await store.findActionLink(claims.tokenHash);
      await store.insertAuditEvent(
        {
          actor: 'link',
          action: 'appointment-link.read',
          subjectType: 'appointment',
          subjectId: claims.appointmentId,
          ...context,
          details: { linkAction: claims.action },
        },
        now,
      );
      const state = stored?.usedAt
        ? 'USED'
        : !stored || stored.expiresAt <= now
          ? 'EXPIRED'
          : 'USABLE';
      return {
        action: claims.action,
        state,
        appointment: {
          examName: appointment.exam.name,
          clinicName: appointment.clinic.name,
          startsAt: formatClinicTime(appointment.startsAt, appointment.clinic.timeZone),
          timeZone: appointment.clinic.timeZone,
          status: appointment.status,
        },
      };
    },

    /** Uses the link once; any refusal of the change itself is the portal's (409). */
    async act(token: string, context: RequestContext): Promise<AppointmentLinkActionResponse> {
      const claims = await claimsOf(token);
      const { appointmentId, bookingKey } = claims;
      const stored = await store.findActionLink(claims.tokenHash);
      if (!stored || stored.usedAt || stored.expiresAt <= clock.now()) {
        throw new LinkNotUsableError('This link has been used or has expired.');
      }
      if (claims.action === 'CONFIRM') {
        if (!(await store.useActionLink(claims.tokenHash, clock.now()))) {
          throw new LinkNotUsableError('This link has been used or has expired.');
        }
        await changes.confirm({ bookingKey, appointmentId, context });
        return { outcome: 'CONFIRMED', bookingKey: null };
      }
      const cancelled = await actions.cancel(
        bookingKey,
        appointmentId,
        { reason: null, note: null },
        context,
      );
      // A cancel withdraws the appointment's unused links (migration 014); otherwise mark it.
      await store.useActionLink(claims.tokenHash, clock.now());
      if (cancelled.outcome === 'QUESTIONNAIRE_REQUIRED') {
        return { outcome: 'QUESTIONNAIRE_REQUIRED', bookingKey };
      }
      return { outcome: cancelled.outcome, bookingKey: null };
    },
  };
}

export type ActionLinksService = ReturnType<typeof createActionLinksService>;
