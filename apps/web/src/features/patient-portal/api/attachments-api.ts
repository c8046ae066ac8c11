import type { AppointmentAttachmentsResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/patient-access.ts';

/**
 * The documents on a booking key's appointments (docs/product/attachments.md): what each exam
 * needs and what is there. The changes are in attachment-changes-api.ts, loaded with the modals.
 */
export const appointmentAttachmentsKey = (bookingKey: string) =>
  [...patientQueryKey, 'attachments', bookingKey] as const;

export const attachmentsPath = (bookingKey: string) =>
  `/api/secured/appointments/${encodeURIComponent(bookingKey)}/attachments`;

/** A document's download link, or for a PDF its view link (plain links: the cookie goes along). */
export const attachmentFileUrl = (
  bookingKey: string,
  attachmentId: string,
  what: 'download' | 'view',
) => `${attachmentsPath(bookingKey)}/${encodeURIComponent(attachmentId)}/${what}`;

/** Keys whose booking-time documents this page has tried to take onto their appointments. */
const importTried = new Set<string>();

/**
 * The list; when documents uploaded while booking are still waiting (importable), they are taken
 * onto their appointments once (attachments/imported) and the list is read again. A refused import
 * leaves the list as it was.
 */
async function fetchAttachments(bookingKey: string, signal: AbortSignal) {
  const path = `${attachmentsPath(bookingKey)}/response`;
  const list = await apiGet<AppointmentAttachmentsResponse>(path, { signal });
  if (list.importable === 0 || importTried.has(bookingKey)) return list;
  importTried.add(bookingKey);
  try {
    await apiRequest(`${attachmentsPath(bookingKey)}/imported`, { method: 'POST' });
  } catch {
    return list;
  }
  return apiGet<AppointmentAttachmentsResponse>(path, { signal });
}

// No retries: a 401 is the answer (the app's 401 rule takes over), as for the summaries.
export function useAppointmentAttachments(bookingKey: string) {
  return useQuery({
    queryKey: appointmentAttachmentsKey(bookingKey),
    queryFn: ({ signal }) => fetchAttachments(bookingKey, signal),
    retry: false,
  });
}
