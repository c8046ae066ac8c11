import {
  type AppointmentAttachmentsResponse,
  type Attachment,
  attachmentsPerKeyMax,
  type BookingRequestAttachmentsResponse,
  type ImportedAttachmentsResponse,
  viewableContentTypes,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { StorageAdapter } from '../../adapters/storage.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import {
  checkedUpload,
  isForeignKeyViolation,
  UnknownDocumentTypeError,
} from '../documents/index.ts';
import {
  type AttachmentOwner,
  belongsTo,
  currentAppointmentIds,
  isOpenAppointment,
  isOpenBookingRequest,
} from './attachment-targets.ts';
import {
  appointmentAttachmentsView,
  bookingRequestAttachmentsView,
  toAttachment,
} from './attachment-views.ts';
import {
  AppointmentNotActiveError,
  AppointmentRequiredError,
  AttachmentLimitReachedError,
  BookingRequestNotActiveError,
  NotViewableError,
  ReferralDownloadDisabledError,
} from './attachments.errors.ts';
import type { AttachmentStore } from './attachments-store.ts';
import { createStoredFiles } from './stored-files.ts';

export interface AttachmentsServiceDeps {
  store: AttachmentStore;
  storage: StorageAdapter;
  clock: Clock;
  /** booking.json validReferralContentTypes */
  validContentTypes: readonly string[];
  /** booking.json bookingRequestsDownloadReferralEnabled */
  referralDownloadEnabled: boolean;
  maxAttachmentsPerKey?: number;
}

export interface NewFile {
  fileName: string;
  bytes: Uint8Array;
}

const notFound = () => new NotFoundError('There is no such attachment.');

/**
 * A signed-in patient's documents after booking (docs/product/attachments.md): what each exam
 * needs and what is there, upload, replace, delete, download and view, and taking the
 * documents uploaded while booking onto the booking. Every change is audited in its
 * transaction; stored bytes a change leaves behind are deleted after it commits.
 */
export function createAttachmentsService(deps: AttachmentsServiceDeps) {
  const { store, storage, clock, validContentTypes } = deps;
  const maxPerKey = deps.maxAttachmentsPerKey ?? attachmentsPerKeyMax;
  const files = createStoredFiles(storage);

  const audit = (
    tx: AttachmentStore,
    action: string,
    attachmentId: string,
    context: RequestContext,
    details: Record<string, string | number | boolean | null>,
  ) =>
    tx.insertAuditEvent(
      {
        actor: 'patient',
        action,
        subjectType: 'attachment',
        subjectId: attachmentId,
        ...context,
        details,
      },
      clock.now(),
    );

  const checkedFile = (file: NewFile) => checkedUpload(file, validContentTypes);

  /** Where a new document goes: the named open appointment, the only one, or the request. */
  async function target(owner: AttachmentOwner, bookingKey: string, appointmentId: string | null) {
    if (owner === 'bookingRequest') {
      const request = await store.bookingRequestOfKey(bookingKey);
      if (!request) throw new NotFoundError('There is no booking request under this key.');
      if (!isOpenBookingRequest(request)) {
        throw new BookingRequestNotActiveError('This booking request is no longer open.');
      }
      return { appointmentId: null, bookingRequestId: request.id };
    }
    const appointments = await store.appointmentsOfKey(bookingKey);
    if (appointmentId !== null) {
      const named = appointments.find((appointment) => appointment.id === appointmentId);
      if (!named) throw new NotFoundError('There is no such appointment under this key.');
      if (!isOpenAppointment(named)) {
        throw new AppointmentNotActiveError('This appointment can no longer take documents.');
      }
      return { appointmentId: named.id, bookingRequestId: null };
    }
    const open = appointments.filter(isOpenAppointment);
    if (open.length === 0) {
      throw new AppointmentNotActiveError('None of these appointments can take documents now.');
    }
    if (open.length > 1) throw new AppointmentRequiredError('Say which appointment it is for.');
    return { appointmentId: open[0]!.id, bookingRequestId: null };
  }

  /** An attachment of this key filed where the route asked, whose owner may still change. */
  async function changeable(tx: AttachmentStore, owner: AttachmentOwner, key: string, id: string) {
    const attachment = await tx.findAttachment(key, id, { lock: true });
    if (!attachment || !belongsTo(attachment, owner)) throw notFound();
    if (owner === 'appointment') {
      const appointments = await tx.appointmentsOfKey(key);
      const current = currentAppointmentIds(appointments).get(attachment.appointmentId ?? '');
      const appointment = appointments.find((candidate) => candidate.id === current);
      if (!appointment || !isOpenAppointment(appointment)) {
        throw new AppointmentNotActiveError('This appointment can no longer take documents.');
      }
    } else {
      const request = await tx.bookingRequestOfKey(key);
      if (!request || !isOpenBookingRequest(request)) {
        throw new BookingRequestNotActiveError('This booking request is no longer open.');
      }
    }
    return attachment;
  }

  async function view(owner: AttachmentOwner, bookingKey: string, id: string): Promise<Attachment> {
    const record = await store.findAttachment(bookingKey, id);
    if (!record || !belongsTo(record, owner)) throw notFound();
    const appointments = owner === 'appointment' ? await store.appointmentsOfKey(bookingKey) : [];
    const examOf = new Map(appointments.map((a) => [a.id, a.exam.slug]));
    return toAttachment(
      record,
      (at) => examOf.get(at) ?? null,
      currentAppointmentIds(appointments),
    );
  }

  return {
    async appointmentAttachments(bookingKey: string): Promise<AppointmentAttachmentsResponse> {
      const appointments = await store.appointmentsOfKey(bookingKey);
      const exams = [...new Set(appointments.map((appointment) => appointment.exam.slug))];
      return appointmentAttachmentsView({
        bookingKey,
        appointments,
        records: await store.listAttachments(bookingKey),
        types: await store.examDocumentTypes(exams),
        importable: await store.countTemporaryDocuments(bookingKey),
      });
    },

    async bookingRequestAttachments(
      bookingKey: string,
      query: { examGroupName?: string; changedExamSlugs: string[] },
    ): Promise<BookingRequestAttachmentsResponse> {
      const request = await store.bookingRequestOfKey(bookingKey);
      if (!request) throw new NotFoundError('There is no booking request under this key.');
      // Exams a questionnaire outcome changed the request to, when they exist; else its own.
      const changed = await store.examsBySlug(query.changedExamSlugs);
      const exams = changed.length > 0 ? changed : request.exams;
      return bookingRequestAttachmentsView({
        bookingKey,
        request,
        examGroupName: query.examGroupName ?? null,
        exams,
        records: await store.listAttachments(bookingKey),
        types: await store.examDocumentTypes(exams.map((exam) => exam.slug)),
        importable: await store.countTemporaryDocuments(bookingKey),
      });
    },

    async upload(
      owner: AttachmentOwner,
      bookingKey: string,
      input: NewFile & { documentTypeId: number | null; appointmentId: string | null },
      context: RequestContext,
    ): Promise<Attachment> {
      const file = await checkedFile(input);
      const where = await target(owner, bookingKey, input.appointmentId);
      const id = await files.storeThen(file.bytes, (storageKey) =>
        store.transaction(async (tx) => {
          // Uploads to one key take turns here, so the limit holds under concurrency.
          await tx.lockBookingKey(bookingKey, clock.now());
          if ((await tx.countAttachments(bookingKey)) >= maxPerKey) {
            throw new AttachmentLimitReachedError(`At most ${maxPerKey} documents can be kept.`);
          }
          const inserted = await tx
            .insertAttachment(
              {
                bookingKey,
                ...where,
                documentTypeId: input.documentTypeId,
                fileName: file.fileName,
                contentType: file.contentType,
                size: file.bytes.length,
                storageKey,
              },
              clock.now(),
            )
            .catch((error: unknown) => {
              if (isForeignKeyViolation(error)) {
                throw new UnknownDocumentTypeError('There is no such document type.');
              }
              throw error;
            });
          await audit(tx, 'attachment.uploaded', inserted, context, {
            appointmentId: where.appointmentId,
            documentTypeId: input.documentTypeId,
            contentType: file.contentType,
            size: file.bytes.length,
          });
          return inserted;
        }),
      );
      return view(owner, bookingKey, id);
    },

    async replace(
      owner: AttachmentOwner,
      bookingKey: string,
      id: string,
      input: NewFile,
      context: RequestContext,
    ): Promise<Attachment> {
      const file = await checkedFile(input);
      const previous = await files.storeThen(file.bytes, (storageKey) =>
        store.transaction(async (tx) => {
          const attachment = await changeable(tx, owner, bookingKey, id);
          await tx.replaceAttachmentFile(
            id,
            {
              fileName: file.fileName,
              contentType: file.contentType,
              size: file.bytes.length,
              storageKey,
            },
            clock.now(),
          );
          await audit(tx, 'attachment.replaced', id, context, {
            contentType: file.contentType,
            size: file.bytes.length,
          });
          return attachment.storageKey;
        }),
      );
      await files.discard(previous);
      return view(owner, bookingKey, id);
    },

    async remove(owner: AttachmentOwner, bookingKey: string, id: string, context: RequestContext) {
      const storageKey = await store.transaction(async (tx) => {
        const attachment = await changeable(tx, owner, bookingKey, id);
        await tx.deleteAttachment(id);
        await audit(tx, 'attachment.deleted', id, context, {
          documentTypeId: attachment.documentType?.id ?? null,
        });
        return attachment.storageKey;
      });
      await files.discard(storageKey);
    },

    /**
     * The bytes, or a short-lived link to them where the store gives one (S3). `inline` is the
     * view link: a PDF as a download is (a link on S3), a JPEG or PNG always through the portal
     * (the page shows it under img-src 'self'); other types are not viewable.
     */
    async file(owner: AttachmentOwner, bookingKey: string, id: string, inline = false) {
      const attachment = await store.findAttachment(bookingKey, id);
      if (!attachment || !belongsTo(attachment, owner)) throw notFound();
      if (!inline) return files.read(attachment, false);
      if (!(viewableContentTypes as readonly string[]).includes(attachment.contentType)) {
        throw new NotViewableError('Only a PDF, JPEG or PNG can be viewed in the browser.');
      }
      return attachment.contentType === 'application/pdf'
        ? files.read(attachment, true)
        : files.bytes(attachment);
    },

    /** The booking request's referral download: its newest referral, else its newest document. */
    async referralFile(bookingKey: string) {
      if (!deps.referralDownloadEnabled) {
        throw new ReferralDownloadDisabledError('The referral cannot be downloaded here.');
      }
      const request = await store.bookingRequestOfKey(bookingKey);
      const documents = (await store.listAttachments(bookingKey))
        .filter((attachment) => request && attachment.bookingRequestId === request.id)
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
      const referral =
        documents.find((attachment) => attachment.documentType?.slug === 'referral') ??
        documents[0];
      if (!referral) throw new NotFoundError('This booking request has no referral.');
      return files.read(referral, false);
    },

    /** Takes the documents uploaded while booking onto the booking (its only open appointment). */
    async importUploaded(
      owner: AttachmentOwner,
      bookingKey: string,
      context: RequestContext,
    ): Promise<ImportedAttachmentsResponse> {
      const where = await target(owner, bookingKey, null).catch((error: unknown) => {
        if (error instanceof AppointmentRequiredError) return null;
        throw error;
      });
      const appointments = owner === 'appointment' ? await store.appointmentsOfKey(bookingKey) : [];
      // The booking form's one file field is the referral: a document it sent without a type
      // (no questionnaire asked for one) is the referral.
      const referralTypeId = await store.documentTypeIdOf('referral');
      const ids = await store.transaction(async (tx) => {
        await tx.lockBookingKey(bookingKey, clock.now());
        const taken = await tx.takeTemporaryDocuments(bookingKey);
        const inserted: string[] = [];
        for (const document of taken) {
          // With several appointments, a document goes to the one of its exam.
          const appointmentId =
            where?.appointmentId ??
            appointments.find((a) => isOpenAppointment(a) && a.exam.slug === document.examSlug)
              ?.id ??
            appointments.find(isOpenAppointment)?.id ??
            null;
          if (owner === 'appointment' && appointmentId === null) {
            throw new AppointmentNotActiveError('None of these appointments can take documents.');
          }
          const attachmentId = await tx.insertAttachment(
            {
              bookingKey,
              appointmentId,
              bookingRequestId: where?.bookingRequestId ?? null,
              documentTypeId: document.documentTypeId ?? referralTypeId,
              fileName: document.fileName,
              contentType: document.contentType,
              size: document.size,
              storageKey: document.storageKey,
            },
            clock.now(),
          );
          await audit(tx, 'attachment.imported', attachmentId, context, { appointmentId });
          inserted.push(attachmentId);
        }
        return inserted;
      });
      const attachments = await Promise.all(ids.map((id) => view(owner, bookingKey, id)));
      return { imported: ids.length, attachments };
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
