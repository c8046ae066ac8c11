import type {
  BookingRequestResponseItem,
  CreateAppointmentsRequest,
  CreateAppointmentsResponse,
  CreateBookingRequest,
  NewBookingKeyResponse,
  SlotHoldRequest,
  SlotHoldResponse,
  TemporaryDocument,
} from '@portal/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pageLocale } from '../../../lib/page-locale.ts';

export const newBookingKey = () =>
  apiRequest<NewBookingKeyResponse>('/api/booking-keys', { method: 'POST' });

export const rekeyDocuments = (oldKey: string, newKey: string) =>
  apiRequest<{ documents: number; questionnaireAnswers: number }>(
    `/api/booking-keys/${encodeURIComponent(oldKey)}/rekey`,
    { method: 'POST', body: { newBookingKey: newKey } },
  );

export const holdSlot = (request: SlotHoldRequest) =>
  apiRequest<SlotHoldResponse>('/api/slot-holds', { method: 'POST', body: request });

export const createAppointments = (request: CreateAppointmentsRequest) =>
  apiRequest<CreateAppointmentsResponse>('/api/appointments', {
    method: 'POST',
    body: { locale: pageLocale(), ...request },
  });

export const createBookingRequests = (request: CreateBookingRequest) =>
  apiRequest<BookingRequestResponseItem[]>('/api/booking-requests', {
    method: 'POST',
    body: { locale: pageLocale(), ...request },
  });

export const sendPendingNotifications = (bookingKey: string) =>
  apiRequest<{ queued: number }>(
    `/api/appointments/pending/${encodeURIComponent(bookingKey)}/notifications`,
    { method: 'POST' },
  );

export function uploadReferral(
  bookingKey: string,
  file: File,
  extra: { examSlug?: string; groupName?: string; documentTypeId?: number } = {},
) {
  const body = new FormData();
  if (extra.examSlug) body.set('examSlug', extra.examSlug);
  // Upload item (docs/product/booking.md#referral-upload): the document type a questionnaire
  // outcome asked for.
  if (extra.documentTypeId !== undefined) body.set('documentTypeId', String(extra.documentTypeId));
  if (extra.groupName) body.set('groupName', extra.groupName);
  body.set('file', file);
  return apiRequest<TemporaryDocument>(
    `/api/booking-keys/${encodeURIComponent(bookingKey)}/documents`,
    { method: 'POST', body },
  );
}

/** Takes back a referral uploaded while booking (replaced by another file, or deleted by staff). */
export function deleteReferral(bookingKey: string, documentId: string) {
  return apiRequest<null>(
    `/api/booking-keys/${encodeURIComponent(bookingKey)}/documents/${encodeURIComponent(documentId)}`,
    { method: 'DELETE' },
  );
}
