import multipart, { type MultipartFields } from '@fastify/multipart';
import { bookingErrorCodes, errorCodes } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../domain-error.ts';

/** The body is not multipart/form-data at all. */
export class NotMultipartError extends DomainError {
  readonly statusCode = 415;
  readonly code = bookingErrorCodes.fileTypeNotAllowed;
}

/** A multipart body that cannot be read: no boundary, truncated, garbage, or no file part. */
export class MalformedUploadError extends DomainError {
  readonly statusCode = 400;
  readonly code = errorCodes.validation;
}

export class UploadTooLargeError extends DomainError {
  readonly statusCode = 413;
  readonly code = bookingErrorCodes.fileTooLarge;
}

/** A document type id sent as a multipart text field: digits, or absent (null). */
export const documentTypeIdField = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number)
  .nullable();

export interface SingleUpload {
  fileName: string;
  bytes: Buffer;
  /** The named text fields sent before the file part, trimmed; null when absent or empty. */
  fields: Record<string, string | null>;
}

/** A text field sent before the file part (fields after it are not seen). */
function textField(fields: MultipartFields, name: string): string | null {
  const field = fields[name];
  const value = Array.isArray(field) ? field[0] : field;
  if (value?.type !== 'field') return null;
  const text = String(value.value).trim();
  return text === '' ? null : text;
}

/**
 * Reads the one file of a multipart/form-data request, for every route that takes a file
 * (register @fastify/multipart in the module first). The parser (busboy) throws plain
 * errors for a body it cannot read, which would otherwise be answered 500: here every one
 * of them is a 400, a file over `maxBytes` a 413, and the parser's own limit errors keep
 * their 4xx status.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  options: { maxBytes: number; fieldNames: readonly string[] },
): Promise<SingleUpload> {
  if (!request.isMultipart()) throw new NotMultipartError('Send the file as multipart/form-data.');
  const tooLarge = () =>
    new UploadTooLargeError(`The file is larger than ${Math.floor(options.maxBytes / 1024)} KB.`);
  try {
    const file = await request.file({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10 },
    });
    if (!file) throw new MalformedUploadError('The request has no file.');
    const bytes = await file.toBuffer();
    const fields: Record<string, string | null> = {};
    for (const name of options.fieldNames) fields[name] = textField(file.fields, name);
    return { fileName: file.filename, bytes, fields };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const parserError = error as { code?: unknown; statusCode?: unknown };
    if (parserError.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof parserError.statusCode === 'number' && parserError.statusCode < 500) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new MalformedUploadError('The upload could not be read as multipart/form-data.');
  }
}

/**
 * Multipart parsing for the routes of one module (scoped to it): one file of at most
 * `maxBytes` and a few short text fields before it.
 */
export async function registerMultipart(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
}
