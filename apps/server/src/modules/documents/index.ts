import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { StorageAdapter } from '../../adapters/storage.ts';
import { type Database, type Db, storeTransaction } from '../../db/database.ts';
import { registerMultipart } from '../../plugins/multipart-upload.ts';
import { insertAuditEvent } from '../audit/index.ts';
import { bookingKeyState, lockBookingKey } from '../booking/index.ts';
import * as repository from './documents.repository.ts';
import { registerDocumentRoutes } from './documents.routes.ts';
import { createDocumentsService, type DocumentStore } from './documents.service.ts';

export { checkedUpload } from './checked-upload.ts';
export { InvalidUploadError, UnknownDocumentTypeError } from './documents.errors.ts';
export {
  countTemporaryDocuments,
  isForeignKeyViolation,
  type TemporaryDocumentRow as TemporaryDocument,
  takeTemporaryDocuments,
} from './documents.repository.ts';
export { allowedFileType } from './file-type-check.ts';

function createDocumentStore(db: Db): DocumentStore {
  return {
    transaction: (work) => storeTransaction(db, createDocumentStore, work),
    keys: {
      bookingKeyState: (key, now) => bookingKeyState(db, key, now),
      lockBookingKey: (key, now) => lockBookingKey(db, key, now),
      insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
    },
    insert: (document, now) => repository.insertTemporaryDocument(db, document, now),
    find: (bookingKey, id) => repository.findTemporaryDocument(db, bookingKey, id),
    delete: (id) => repository.deleteTemporaryDocument(db, id),
    count: (bookingKey) => repository.countTemporaryDocuments(db, bookingKey),
  };
}

export interface DocumentsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: StorageAdapter;
  /** booking.json validReferralContentTypes */
  validContentTypes: readonly string[];
  /** UPLOAD_MAX_BYTES */
  maxBytes: number;
}

/** POST, GET (download) and DELETE /api/booking-keys/{bookingKey}/documents (multipart parsing scoped to here). */
export async function documentsModule(app: FastifyInstance, deps: DocumentsModuleDeps) {
  await registerMultipart(app, deps.maxBytes);
  const service = createDocumentsService({
    store: createDocumentStore(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    validContentTypes: deps.validContentTypes,
  });
  registerDocumentRoutes(app, service, deps.maxBytes);
}
