import type { TemporaryDocument } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { StorageAdapter } from '../../adapters/storage.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { AuditEvent, RequestContext } from '../audit/index.ts';
import type { BookingKeyState } from '../booking/index.ts';
import { assertKeyUsable } from '../booking/index.ts';
import { checkedUpload } from './checked-upload.ts';
import { DocumentLimitReachedError, UnknownDocumentTypeError } from './documents.errors.ts';
import { isForeignKeyViolation, type TemporaryDocumentRow } from './documents.repository.ts';

export interface DocumentStore {
  transaction<T>(work: (tx: DocumentStore) => Promise<T>): Promise<T>;
  keys: {
    bookingKeyState(key: string, now: Date): Promise<BookingKeyState>;
    /** The same, the key's row locked until the transaction ends. */
    lockBookingKey(key: string, now: Date): Promise<BookingKeyState>;
    insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
  };
  insert(document: Omit<TemporaryDocumentRow, 'id'>, now: Date): Promise<TemporaryDocumentRow>;
  find(bookingKey: string, id: string): Promise<TemporaryDocumentRow | undefined>;
  delete(id: string): Promise<void>;
  count(bookingKey: string): Promise<number>;
}

export interface DocumentsServiceDeps {
  store: DocumentStore;
  storage: StorageAdapter;
  clock: Clock;
  validContentTypes: readonly string[];
  maxDocumentsPerKey?: number;
}

export interface Upload {
  fileName: string;
  bytes: Uint8Array;
  examSlug: string | null;
  groupName: string | null;
  /** The type a questionnaire outcome asked for (migration 015), if any. */
  documentTypeId: number | null;
}

const toDto = (row: TemporaryDocumentRow): TemporaryDocument => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  examSlug: row.examSlug,
  groupName: row.groupName,
  documentTypeId: row.documentTypeId,
});

/** Referral documents uploaded under a reserved booking key before the booking exists. */
export function createDocumentsService(deps: DocumentsServiceDeps) {
  const { store, storage, clock, validContentTypes, maxDocumentsPerKey = 10 } = deps;
  return {
    async upload(bookingKey: string, upload: Upload, context: RequestContext) {
      const now = clock.now();
      const { fileName, contentType } = await checkedUpload(upload, validContentTypes);
      const limitReached = () =>
        new DocumentLimitReachedError(`At most ${maxDocumentsPerKey} documents can be uploaded.`);
      // A cheap early answer; the count that decides is taken again under the key's lock.
      assertKeyUsable(await store.keys.bookingKeyState(bookingKey, now));
      if ((await store.count(bookingKey)) >= maxDocumentsPerKey) throw limitReached();
      const storageKey = await storage.put(upload.bytes);
      try {
        const row = await store.transaction(async (tx) => {
          // Concurrent uploads to one key take turns here, so the limit holds (booking's slots
          // are guarded the same way, by the database rather than by a check before writing).
          assertKeyUsable(await tx.keys.lockBookingKey(bookingKey, now));
          if ((await tx.count(bookingKey)) >= maxDocumentsPerKey) throw limitReached();
          const inserted = await tx.insert(
            {
              bookingKey,
              examSlug: upload.examSlug,
              groupName: upload.groupName,
              documentTypeId: upload.documentTypeId,
              fileName,
              contentType,
              size: upload.bytes.length,
              storageKey,
            },
            now,
          );
          await tx.keys.insertAuditEvent(
            {
              actor: 'public',
              action: 'temporary-document.uploaded',
              subjectType: 'temporary_document',
              subjectId: inserted.id,
              ...context,
              details: { contentType, size: upload.bytes.length },
            },
            now,
          );
          return inserted;
        });
        return toDto(row);
      } catch (error) {
        await storage.delete(storageKey);
        if (isForeignKeyViolation(error)) {
          throw new UnknownDocumentTypeError('There is no such document type.');
        }
        throw error;
      }
    },

    /**
     * A temporary document's bytes, for the booking key it is filed under (the
     * one that uploaded it, or the key it was re-keyed to) and no other: any
     * other key, an unknown id or a file gone from storage is the same 404.
     * The content type is the one sniffed from the bytes at upload.
     */
    async download(bookingKey: string, id: string) {
      const row = await store.find(bookingKey, id);
      if (!row) throw new NotFoundError('There is no such document.');
      let bytes: Buffer;
      try {
        bytes = await storage.get(row.storageKey);
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') {
          throw new NotFoundError('There is no such document.');
        }
        throw error;
      }
      return { fileName: row.fileName, contentType: row.contentType, bytes };
    },

    async remove(bookingKey: string, id: string, context: RequestContext): Promise<void> {
      const now = clock.now();
      assertKeyUsable(await store.keys.bookingKeyState(bookingKey, now));
      const row = await store.find(bookingKey, id);
      if (!row) throw new NotFoundError('There is no such document.');
      await store.transaction(async (tx) => {
        await tx.delete(row.id);
        await tx.keys.insertAuditEvent(
          {
            actor: 'public',
            action: 'temporary-document.deleted',
            subjectType: 'temporary_document',
            subjectId: row.id,
            ...context,
          },
          now,
        );
      });
      await storage.delete(row.storageKey);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
