import { createHash } from 'node:crypto';
import type { IntegrationAttachment, IntegrationAttachmentsResponse } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { ProviderAttachmentReads, ProviderFile } from '../attachments/index.ts';
import type { RequestContext } from '../audit/index.ts';
import type { ApiCaller } from './api-keys.service.ts';
import type { IntegrationStore } from './integration-store.ts';

/** How the audit trail names a booking key: by its SHA-256, never the key itself. */
const bookingKeySubject = (bookingKey: string) =>
  createHash('sha256').update(bookingKey).digest('hex');

/**
 * What the provider's own systems read through /api/integration (docs/product/integration.md):
 * a booking's documents and one document's bytes, images without their metadata. Each read is
 * a `patient-data.read` of the caller (`provider:<name>`), written before the answer is sent.
 */
export function createIntegrationService(deps: {
  store: Pick<IntegrationStore, 'insertAuditEvent'>;
  clock: Clock;
  attachments: ProviderAttachmentReads;
}) {
  const { store, clock, attachments } = deps;
  const auditRead = (
    caller: ApiCaller,
    subject: { subjectType: string; subjectId: string },
    context: RequestContext,
    details: Record<string, string | number | boolean | null>,
  ) =>
    store.insertAuditEvent(
      { actor: caller.actor, action: 'patient-data.read', ...subject, ...context, details },
      clock.now(),
    );

  return {
    async bookingAttachments(
      caller: ApiCaller,
      bookingKey: string,
      context: RequestContext,
    ): Promise<IntegrationAttachmentsResponse> {
      const found = await attachments.ofBookingKey(bookingKey);
      if (!found) throw new NotFoundError('There is no booking under this key.');
      await auditRead(
        caller,
        { subjectType: 'booking_key', subjectId: bookingKeySubject(bookingKey) },
        context,
        { what: 'attachments', count: found.length },
      );
      return {
        bookingKey,
        attachments: found.map(
          (attachment): IntegrationAttachment => ({
            id: attachment.id,
            fileName: attachment.fileName,
            contentType: attachment.contentType,
            size: attachment.size,
            documentType: attachment.documentType,
            appointmentId: attachment.appointmentId,
            examSlug: attachment.slug,
            createdAt: attachment.createdAt,
          }),
        ),
      };
    },

    async attachmentDownload(
      caller: ApiCaller,
      attachmentId: string,
      context: RequestContext,
    ): Promise<ProviderFile> {
      const read = await attachments.file(attachmentId);
      await auditRead(caller, { subjectType: 'attachment', subjectId: attachmentId }, context, {
        what: 'attachment-download',
        contentType: read.file.contentType,
        metadataRemoved: read.metadataRemoved,
      });
      return read;
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
