import type {
  AppointmentAttachmentsResponse,
  Attachment,
  ExamDocumentType,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/**
 * The documents of a booking (docs/product/attachments.md): what its exams need and what is
 * there, for one appointment of a booking key or for a booking request (a request's own part in
 * request-attachments-api.ts, apart from the appointment page's chunk). The changes are in
 * attachment-changes-api.ts, loaded with the modals.
 */

/** Whose documents: one appointment of a booking key, or a booking request. */
export type AttachmentTarget =
  | { kind: 'appointment'; bookingKey: string; appointmentId: string }
  | { kind: 'booking-request'; bookingKey: string };

/** What a target's section shows: what its exams need and its documents. */
export interface TargetAttachments {
  needs: ExamDocumentType[];
  attachments: Attachment[];
}

// One list a key, shared by every appointment card of the key (and, on the booking request page,
// by the section and the header's View referral).
export const attachmentsListKey = (target: AttachmentTarget) =>
  [
    ...patientQueryKey,
    target.kind === 'appointment' ? 'attachments' : 'request-attachments',
    target.bookingKey,
  ] as const;

export const attachmentsPath = (target: AttachmentTarget) =>
  `/api/secured/${target.kind === 'appointment' ? 'appointments' : 'booking_requests'}/${encodeURIComponent(target.bookingKey)}/attachments`;

/** A document's download link, or for a PDF its view link (plain links: the cookie goes along). */
export const attachmentFileUrl = (
  target: AttachmentTarget,
  attachmentId: string,
  what: 'download' | 'view',
) => `${attachmentsPath(target)}/${encodeURIComponent(attachmentId)}/${what}`;

/** Lists whose booking-time documents this page has tried to take onto the booking. */
const importTried = new Set<string>();

/**
 * The list; when documents uploaded while booking are still waiting (importable), they are taken
 * onto the booking once (attachments/imported) and the list is read again. A refused import
 * leaves the list as it was.
 */
async function fetchAttachments<T extends { importable: number }>(
  target: AttachmentTarget,
  signal: AbortSignal,
): Promise<T> {
  const base = attachmentsPath(target);
  const list = await apiGet<T>(`${base}/response`, { signal });
  if (list.importable === 0 || importTried.has(base)) return list;
  importTried.add(base);
  try {
    await apiRequest(`${base}/imported`, { method: 'POST' });
  } catch {
    return list;
  }
  return apiGet<T>(`${base}/response`, { signal });
}

// No retries: a 401 is the answer (the app's 401 rule takes over), as for the summaries.
/** A key's list, and through `part` the target's part of it (each kind's own hook below). */
export function useAttachmentsList<T extends { importable: number }>(
  target: AttachmentTarget,
  part: (list: T) => TargetAttachments | null,
  enabled = true,
) {
  return useQuery({
    queryKey: attachmentsListKey(target),
    queryFn: ({ signal }) => fetchAttachments<T>(target, signal),
    select: part,
    retry: false,
    enabled,
  });
}

/** One appointment's part of its key's list: null when the list does not have it. */
export function useAppointmentAttachments(target: AttachmentTarget & { kind: 'appointment' }) {
  return useAttachmentsList(target, (list: AppointmentAttachmentsResponse) => {
    const entry = list.appointments.find((item) => item.appointmentId === target.appointmentId);
    return entry ? { needs: entry.examDocumentTypes, attachments: entry.attachments } : null;
  });
}
