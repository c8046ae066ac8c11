import type { Attachment } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { appointmentAttachmentsKey, attachmentsPath } from './attachments-api.ts';

/**
 * The changes to an appointment's documents (docs/product/attachments.md): upload, replace and
 * delete. Each refetches the list, refused or not (a refusal may come from a change elsewhere).
 * Loaded with the modals that make them, apart from the section's first paint.
 */

export interface UploadInput {
  appointmentId: string;
  /** null: "Other document", no type. */
  documentTypeId: number | null;
  file: File;
}

function useAttachmentMutation<I, R>(bookingKey: string, call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: appointmentAttachmentsKey(bookingKey) }),
  });
}

/** POST (multipart: documentTypeId, appointmentId, then the file). */
export function useUploadAttachment(bookingKey: string) {
  return useAttachmentMutation(
    bookingKey,
    ({ appointmentId, documentTypeId, file }: UploadInput) => {
      const body = new FormData();
      if (documentTypeId !== null) body.set('documentTypeId', String(documentTypeId));
      body.set('appointmentId', appointmentId);
      body.set('file', file);
      return apiRequest<Attachment>(attachmentsPath(bookingKey), { method: 'POST', body });
    },
  );
}

/** PUT .../{attachmentId} (multipart: the file); the type stays. */
export function useReplaceAttachment(bookingKey: string) {
  return useAttachmentMutation(bookingKey, ({ id, file }: { id: string; file: File }) => {
    const body = new FormData();
    body.set('file', file);
    return apiRequest<Attachment>(`${attachmentsPath(bookingKey)}/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
    });
  });
}

export function useDeleteAttachment(bookingKey: string) {
  return useAttachmentMutation(bookingKey, (id: string) =>
    apiRequest<void>(`${attachmentsPath(bookingKey)}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  );
}
