import { randomBytes } from 'node:crypto';
import {
  normalizeSharePhone,
  type ResultsConfig,
  type ResultsResponse,
  type SharedAccessListResponse,
  type SharedAccessRecord,
  type ShareRequest,
  type SupportedLocale,
  sharePhonePattern,
  tenDigitPattern,
} from '@portal/contract';
import { z } from 'zod';
import type { Clock } from '../../adapters/clock.ts';
import type {
  AuthenticationRequestInfo,
  SharedResultsAccess,
  ShareSignInFacts,
} from '../authentication/index.ts';
import { sha256Hex } from '../authentication/index.ts';
import {
  InvalidContactDetailsError,
  InvalidShareError,
  ShareAppointmentInvalidError,
  ShareNotFoundError,
  ShareRevokedError,
} from './results.errors.ts';
import { type ResultsCaller, resultsAudit, resultsView } from './results.service.ts';
import type { ResultsStore } from './results-store.ts';
import { shareAccessNotice, shareLinkMessage } from './share-messages.ts';
import type { ShareAccessRow, ShareRow } from './shares.repository.ts';

const dayMs = 86_400_000;
const emailSchema = z.email();

/** A new share link's token: 256 random bits, base64url (43 characters, a booking key's shape). */
export const newShareToken = () => randomBytes(32).toString('base64url');

const toRecord = (share: ShareRow, accesses: ShareAccessRow[]): SharedAccessRecord => ({
  id: share.id,
  contactDetails: share.contactDetails,
  contactDetailsType: share.contactDetailsType,
  contactName: share.contactName,
  note: share.note,
  type: share.type,
  appointmentId: share.appointmentId,
  dateCreatedUTC: share.createdAt.toISOString(),
  expiresAt: share.expiresAt.toISOString(),
  dateRevoked: share.revokedAt?.toISOString() ?? null,
  accesses: accesses.map((access) => ({
    at: access.occurredAt.toISOString(),
    clientAddress: access.clientAddress,
    userAgent: access.userAgent,
  })),
});

/**
 * Spec 2 §5: an e-mail is EMAIL (and is not ten digits); a phone is PHONE, only with SMS sharing,
 * an optional + and 9 to 15 digits. The contact as stored, or INVALID_CONTACT_DETAILS.
 */
export function checkedContact(request: ShareRequest, smsEnabled: boolean): string {
  const contact = request.contactDetails.trim();
  if (request.contactDetailsType === 'EMAIL') {
    if (!tenDigitPattern.test(contact) && emailSchema.safeParse(contact).success) return contact;
  } else if (smsEnabled) {
    const phone = normalizeSharePhone(contact);
    if (sharePhonePattern.test(phone)) return phone;
  }
  throw new InvalidContactDetailsError('invalid_contact_details', [
    { path: 'contactDetails', message: 'invalid_contact_details' },
  ]);
}

/**
 * Shares of results (docs/product/results-and-sharing.md): the patient's list, create and
 * revoke; the recipient's sign-in facts and reads, each re-checking the share and recorded as
 * an access with a notice to the patient.
 */
export function createSharesService(deps: {
  store: ResultsStore;
  clock: Clock;
  settings: ResultsConfig;
  providerName: string;
  publicUrl: string;
  /** The provider's default locale (jsLocale): when the patient's is unknown. */
  defaultLocale: SupportedLocale;
}) {
  const { store, clock, settings, providerName } = deps;
  /** The language the sharing patient booked in, else the provider's (decision 035). */
  const localeOf = async (source: Pick<ResultsStore, 'patientLocale'>, patientId: string) =>
    (await source.patientLocale(patientId)) ?? deps.defaultLocale;
  const audit = resultsAudit(store, clock);
  const isActive = (share: ShareRow, now: Date) =>
    share.revokedAt === null && share.expiresAt.getTime() > now.getTime();

  /** One access by the recipient, and the patient's notice unless one went a while ago. */
  async function recordAccess(
    share: ShareRow,
    kind: 'SIGN_IN' | 'READ',
    caller: Pick<ResultsCaller, 'clientAddress' | 'requestId' | 'userAgent'>,
  ) {
    const now = clock.now();
    await store.transaction(async (tx) => {
      await tx.insertShareAccess({
        shareId: share.id,
        kind,
        occurredAt: now,
        clientAddress: caller.clientAddress,
        userAgent: caller.userAgent,
      });
      const since = new Date(now.getTime() - settings.shareAccessNoticeMinutes * 60_000);
      const patient = await tx.patientOfKey(share.bookingKey);
      const notice = patient !== undefined && (await tx.claimAccessNotice(share.id, now, since));
      if (notice) {
        await tx.enqueueMessages(
          [
            shareAccessNotice(await localeOf(tx, patient.id), {
              recipient: patient.email,
              providerName,
              firstName: patient.firstName,
              sharedWith: share.contactName ?? share.contactDetails,
              at: now,
            }),
          ],
          now,
        );
      }
      await resultsAudit(tx, clock)(caller, 'results.share-accessed', share.bookingKey, {
        shareId: share.id,
        kind,
        noticeQueued: notice,
      });
    });
  }

  const access: SharedResultsAccess = {
    async findActiveShare(tokenHash: string): Promise<ShareSignInFacts | undefined> {
      const share = await store.shareByTokenHash(tokenHash);
      if (!share || !isActive(share, clock.now())) return undefined;
      return {
        shareId: share.id,
        dateOfBirth: share.dateOfBirth,
        recipientName: share.contactName,
        contact: share.contactDetails,
        channel: share.contactDetailsType === 'PHONE' ? 'SMS' : 'EMAIL',
      };
    },
    async recordSignIn(shareId: string, info: AuthenticationRequestInfo) {
      const share = await store.shareById(shareId);
      if (share)
        await recordAccess(share, 'SIGN_IN', { ...info, userAgent: info.userAgent ?? null });
    },
  };

  return {
    access,

    /** GET .../result/shares: newest first, each with its accesses. */
    async list(bookingKey: string, caller: ResultsCaller): Promise<SharedAccessListResponse> {
      const shares = await store.sharesOfKey(bookingKey);
      const accesses = await store.accessesOfShares(shares.map((share) => share.id));
      await audit(caller, 'patient-data.read', bookingKey, {
        what: 'result-shares',
        count: shares.length,
        sessionId: caller.sessionId,
      });
      return {
        shares: shares.map((share) =>
          toRecord(
            share,
            accesses.filter((entry) => entry.shareId === share.id),
          ),
        ),
      };
    },

    /** POST .../result/shares: checks every rule before anything is stored or sent. */
    async create(
      bookingKey: string,
      request: ShareRequest,
      caller: ResultsCaller,
    ): Promise<SharedAccessRecord> {
      const contact = checkedContact(request, settings.shareBySmsEnabled);
      const note = request.note?.trim() || null;
      if (note !== null && note.length > settings.shareNoteMaxLength) {
        throw new InvalidShareError(`The note is longer than ${settings.shareNoteMaxLength}.`, [
          { path: 'note', message: `at most ${settings.shareNoteMaxLength} characters` },
        ]);
      }
      const days = request.expiresInDays ?? settings.shareExpiryDefaultDays;
      if (days > settings.shareExpiryMaxDays) {
        throw new InvalidShareError(`A share lasts at most ${settings.shareExpiryMaxDays} days.`, [
          { path: 'expiresInDays', message: `at most ${settings.shareExpiryMaxDays}` },
        ]);
      }
      if (request.type === 'RESULT') {
        const appointment =
          request.appointmentId === undefined
            ? undefined
            : await store.resultOfAppointment(bookingKey, request.appointmentId);
        if (!appointment || !['BOOKED', 'PENDING', 'COMPLETED'].includes(appointment.status)) {
          throw new ShareAppointmentInvalidError('Name an appointment of this booking to share.', [
            { path: 'appointmentId', message: 'is not an appointment of this booking' },
          ]);
        }
      }
      const patient = await store.patientOfKey(bookingKey);
      if (!patient) throw new ShareAppointmentInvalidError('There is no appointment to share.');
      const now = clock.now();
      const token = newShareToken();
      const channel = request.contactDetailsType === 'PHONE' ? 'SMS' : 'EMAIL';
      return store.transaction(async (tx) => {
        const share = await tx.insertShare({
          bookingKey,
          patientId: patient.id,
          tokenHash: sha256Hex(token),
          type: request.type,
          appointmentId: request.type === 'RESULT' ? (request.appointmentId ?? null) : null,
          contactDetails: contact,
          contactDetailsType: request.contactDetailsType,
          contactName: request.contactName?.trim() || null,
          note,
          createdAt: now,
          expiresAt: new Date(now.getTime() + days * dayMs),
        });
        await tx.enqueueMessages(
          [
            // A recipient is not the patient, and the portal knows only the address typed for
            // them: the sharing patient's language, since the patient chose them (most likely
            // sharing it), the message is about the patient, and they can explain it. The
            // provider's default would fail a family member who reads only the patient's.
            // Decision 035.
            shareLinkMessage(await localeOf(tx, patient.id), {
              channel,
              recipient: contact,
              recipientName: share.contactName,
              providerName,
              patientFirstName: patient.firstName,
              type: share.type,
              note,
              link: `${deps.publicUrl}/appointments/${token}/result?shared=true`,
              expiresAt: share.expiresAt,
            }),
          ],
          now,
        );
        await resultsAudit(tx, clock)(caller, 'results.share-created', bookingKey, {
          shareId: share.id,
          type: share.type,
          contactDetailsType: share.contactDetailsType,
          expiresInDays: days,
          sessionId: caller.sessionId,
        });
        return toRecord(share, []);
      });
    },

    /** DELETE .../result/shares/{shareId}: idempotent; another key's share is not found. */
    async revoke(bookingKey: string, shareId: string, caller: ResultsCaller): Promise<void> {
      const share = await store.shareOfKey(bookingKey, shareId);
      if (!share) throw new ShareNotFoundError('There is no such share of this booking.');
      await store.transaction(async (tx) => {
        const changed = await tx.revokeShare(shareId, clock.now());
        await resultsAudit(tx, clock)(caller, 'results.share-revoked', bookingKey, {
          shareId,
          changed,
          sessionId: caller.sessionId,
        });
      });
    },

    /**
     * GET /api/secured/shared/{shareToken}/result: the share is checked again on every read
     * (revoked or expired → SHARE_REVOKED, also for a recipient already signed in).
     */
    async sharedRead(
      shareToken: string,
      shareId: string,
      caller: ResultsCaller,
    ): Promise<ResultsResponse> {
      const now = clock.now();
      const share = await store.shareById(shareId);
      if (!share || !isActive(share, now)) {
        if (share) {
          await audit(caller, 'results.shared-read-refused', share.bookingKey, {
            shareId,
            sessionId: caller.sessionId,
          });
        }
        throw new ShareRevokedError('This share has been revoked or has expired.');
      }
      const patient = await store.patientOfKey(share.bookingKey);
      if (!patient) throw new ShareRevokedError('This share has been revoked or has expired.');
      const rows =
        share.type === 'RESULT'
          ? // A RESULT share always names its appointment (a CHECK of migration 017).
            [await store.resultOfAppointment(share.bookingKey, share.appointmentId!)].filter(
              (row) => row !== undefined,
            )
          : await store.historyOfPatient(patient);
      const view = resultsView(rows, now, settings);
      await recordAccess(share, 'READ', caller);
      await audit(caller, 'patient-data.read', share.bookingKey, {
        what: share.type === 'RESULT' ? 'shared-result' : 'shared-results-history',
        shareId,
        count: view.results.length,
        sessionId: caller.sessionId,
      });
      return {
        bookingKey: shareToken,
        patient: { firstName: patient.firstName, lastName: patient.lastName },
        shared: true,
        shareType: share.type,
        accessExpiresAt: share.expiresAt.toISOString(),
        results: view.results,
      };
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
