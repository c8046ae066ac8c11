import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { StorageAdapter } from '../../adapters/storage.ts';
import type { Database } from '../../db/database.ts';
import { registerMultipart } from '../../plugins/multipart-upload.ts';
import {
  registerAttachmentChangeRoutes,
  registerAttachmentReadRoutes,
} from './attachments.routes.ts';
import { createAttachmentsService } from './attachments.service.ts';
import { createAttachmentStore } from './attachments-store.ts';
import { createProviderAttachmentReads } from './provider-reads.ts';

/** What an exam requires and a key's documents, for check-in readiness (modules/check-in). */
export { examDocumentTypes, listAttachmentsOfKey } from './attachments.repository.ts';
export type { ProviderAttachmentReads, ProviderFile } from './provider-reads.ts';

/**
 * Attachments after booking (docs/product/attachments.md): the documents on a booking key's
 * appointments and booking request under /api/secured, what each exam needs, and the booking
 * request's referral download. Multipart parsing is scoped to this module.
 */
export interface AttachmentsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: StorageAdapter;
  /** booking.json validReferralContentTypes */
  validContentTypes: readonly string[];
  /** booking.json bookingRequestsDownloadReferralEnabled */
  referralDownloadEnabled: boolean;
  /** UPLOAD_MAX_BYTES */
  maxBytes: number;
}

export async function attachmentsModule(app: FastifyInstance, deps: AttachmentsModuleDeps) {
  await registerMultipart(app, deps.maxBytes);
  const service = createAttachmentsService({
    store: createAttachmentStore(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    validContentTypes: deps.validContentTypes,
    referralDownloadEnabled: deps.referralDownloadEnabled,
  });
  registerAttachmentReadRoutes(app, service);
  registerAttachmentChangeRoutes(app, service, 'appointment', deps.maxBytes);
  registerAttachmentChangeRoutes(app, service, 'bookingRequest', deps.maxBytes);
}

/**
 * The documents as the provider's own systems read them (the integration surface): a key's
 * documents, and one document's bytes with images re-encoded without their metadata.
 */
export function providerAttachmentReads(deps: { db: Kysely<Database>; storage: StorageAdapter }) {
  return createProviderAttachmentReads({
    store: createAttachmentStore(deps.db),
    storage: deps.storage,
  });
}
