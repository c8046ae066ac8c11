import type {
  AppointmentAttachmentsResponse,
  Attachment,
  BookingRequestAttachmentsResponse,
  ExamDocumentType,
} from '@portal/contract';
import type { AppointmentOfKey, BookingRequestOfKey } from '../booking/index.ts';
import { currentAppointmentIds } from './attachment-targets.ts';
import type { AttachmentRecord, ExamDocumentTypeRecord } from './attachments.repository.ts';

/** The wire form of an attachment; `current` maps a replaced appointment to its replacement. */
export function toAttachment(
  record: AttachmentRecord,
  examSlugOf: (appointmentId: string) => string | null,
  current: Map<string, string> = new Map(),
): Attachment {
  const appointmentId =
    record.appointmentId === null
      ? null
      : (current.get(record.appointmentId) ?? record.appointmentId);
  return {
    id: record.id,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.size,
    documentType: record.documentType,
    appointmentId,
    slug: appointmentId === null ? null : examSlugOf(appointmentId),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** What one exam needs, and which of it the given documents already hold (newest first). */
function documentTypesOf(
  examSlug: string,
  types: ExamDocumentTypeRecord[],
  attachments: Attachment[],
): ExamDocumentType[] {
  return types
    .filter((type) => type.examSlug === examSlug)
    .map((type) => {
      const uploaded = attachments
        .filter((attachment) => attachment.documentType?.id === type.documentTypeId)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
      return {
        documentTypeId: type.documentTypeId,
        slug: type.slug,
        title: type.title,
        description: type.description,
        required: type.required,
        hasUploadedDocument: uploaded !== undefined,
        uploadedDocument: uploaded ? { id: uploaded.id, fileName: uploaded.fileName } : null,
      };
    });
}

/** The appointments' documents: every appointment not replaced, with what its exam needs. */
export function appointmentAttachmentsView(input: {
  bookingKey: string;
  appointments: AppointmentOfKey[];
  records: AttachmentRecord[];
  types: ExamDocumentTypeRecord[];
  importable: number;
}): AppointmentAttachmentsResponse {
  const current = currentAppointmentIds(input.appointments);
  const examOf = new Map(input.appointments.map((a) => [a.id, a.exam.slug]));
  const attachments = input.records
    .filter((record) => record.appointmentId !== null)
    .map((record) => toAttachment(record, (id) => examOf.get(id) ?? null, current));
  return {
    bookingKey: input.bookingKey,
    appointments: input.appointments
      .filter((appointment) => appointment.replacedBy === null)
      .map((appointment) => {
        const own = attachments.filter((attachment) => attachment.appointmentId === appointment.id);
        return {
          appointmentId: appointment.id,
          examSlug: appointment.exam.slug,
          examName: appointment.exam.name,
          examDocumentTypes: documentTypesOf(appointment.exam.slug, input.types, own),
          attachments: own,
        };
      }),
    importable: input.importable,
  };
}

/** The booking request's documents, with what its exams (or the exams it changed to) need. */
export function bookingRequestAttachmentsView(input: {
  bookingKey: string;
  request: BookingRequestOfKey;
  examGroupName: string | null;
  exams: Array<{ slug: string; name: string }>;
  records: AttachmentRecord[];
  types: ExamDocumentTypeRecord[];
  importable: number;
}): BookingRequestAttachmentsResponse {
  const attachments = input.records
    .filter((record) => record.bookingRequestId === input.request.id)
    .map((record) => toAttachment(record, () => null));
  return {
    bookingKey: input.bookingKey,
    examGroupName: input.examGroupName,
    exams: input.exams.map((exam) => ({
      examSlug: exam.slug,
      examName: exam.name,
      examDocumentTypes: documentTypesOf(exam.slug, input.types, attachments),
    })),
    attachments,
    importable: input.importable,
  };
}
