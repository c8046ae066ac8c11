import type { Attachment } from '@portal/contract';
import type { StorageAdapter } from '../../adapters/storage.ts';
import { NotFoundError } from '../../domain-error.ts';
import { currentAppointmentIds } from './attachment-targets.ts';
import { toAttachment } from './attachment-views.ts';
import type { AttachmentStore } from './attachments-store.ts';
import { type FileToSend, withoutMetadata } from './image-without-metadata.ts';
import { createStoredFiles } from './stored-files.ts';

/** One document as the provider gets it, and whether its bytes were re-encoded to get there. */
export interface ProviderFile {
  attachmentId: string;
  /** As stored (sniffed at upload). */
  storedContentType: string;
  file: FileToSend;
  /** An image re-encoded without its metadata (a PDF is sent as stored). */
  metadataRemoved: boolean;
}

/**
 * The documents as the provider's own systems read them (docs/product/integration.md), the
 * first reader who is not the document's owner: a booking key's documents on its appointments
 * and booking request, and one document's bytes with images re-encoded without their metadata
 * (docs/product/attachments.md, "Images and their metadata"). Always the bytes, never a link
 * to the store: stripping needs them.
 */
export function createProviderAttachmentReads(deps: {
  store: Pick<
    AttachmentStore,
    'appointmentsOfKey' | 'bookingRequestOfKey' | 'listAttachments' | 'findAttachmentById'
  >;
  storage: StorageAdapter;
}) {
  const { store } = deps;
  const files = createStoredFiles(deps.storage);
  return {
    /** The key's documents, oldest first; null when the key has no appointment and no request. */
    async ofBookingKey(bookingKey: string): Promise<Attachment[] | null> {
      const appointments = await store.appointmentsOfKey(bookingKey);
      const request = await store.bookingRequestOfKey(bookingKey);
      if (appointments.length === 0 && !request) return null;
      const examOf = new Map(appointments.map((a) => [a.id, a.exam.slug]));
      const current = currentAppointmentIds(appointments);
      return (await store.listAttachments(bookingKey)).map((record) =>
        toAttachment(record, (id) => examOf.get(id) ?? null, current),
      );
    },

    /** One document's bytes for the provider; NotFoundError when there is no such document. */
    async file(attachmentId: string): Promise<ProviderFile> {
      const record = await store.findAttachmentById(attachmentId);
      if (!record) throw new NotFoundError('There is no such attachment.');
      const stored = await files.bytes(record);
      const file = await withoutMetadata(stored);
      return {
        attachmentId,
        storedContentType: record.contentType,
        file,
        metadataRemoved: file !== stored,
      };
    },
  };
}

export type ProviderAttachmentReads = ReturnType<typeof createProviderAttachmentReads>;
