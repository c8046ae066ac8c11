import type { Attachment } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AttachmentTarget, attachmentsListKey, attachmentsPath } from './attachments-api.ts';

/**
 * The changes to a target's documents (docs/product/attachments.md): upload, replace and
 * delete, on an appointment or a booking request. Each refetches the list, refused or not (a
 * refusal may come from a change elsewhere). Loaded with the modals that make them, apart from
 * the section's first paint.
 */

export interface UploadInput {
  /** null: "Other document", no type. */
  documentTypeId: number | null;
  file: File;
}

function useAttachmentMutation<I, R>(target: AttachmentTarget, call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsListKey(target) }),
  });
}

/**
 * POST (multipart: documentTypeId, on an appointment its appointmentId, then the file: the
 * server reads the fields before the file).
 */
export function useUploadAttachment(target: AttachmentTarget) {
  return useAttachmentMutation(target, ({ documentTypeId, file }: UploadInput) => {
    const body = new FormData();
    if (documentTypeId !== null) body.set('documentTypeId', String(documentTypeId));
    if (target.kind === 'appointment') body.set('appointmentId', target.appointmentId);
    body.set('file', file);
    return apiRequest<Attachment>(attachmentsPath(target), { method: 'POST', body });
  });
}

/** PUT .../{attachmentId} (multipart: the file); the type stays. */
export function useReplaceAttachment(target: AttachmentTarget) {
  return useAttachmentMutation(target, ({ id, file }: { id: string; file: File }) => {
    const body = new FormData();
    body.set('file', file);
    return apiRequest<Attachment>(`${attachmentsPath(target)}/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
    });
  });
}

export function useDeleteAttachment(target: AttachmentTarget) {
  return useAttachmentMutation(target, (id: string) =>
    apiRequest<void>(`${attachmentsPath(target)}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  );
}
