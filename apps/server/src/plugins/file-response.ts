import type { FastifyReply } from 'fastify';
import { assetContentSecurityPolicy } from './content-security-policy.ts';

/**
 * How a stored file is sent (documents, attachments): `attachment` or `inline` with the stored
 * name twice (RFC 6266): `filename*` in UTF-8 (RFC 5987 percent-encoding) for browsers, and a
 * plain-ASCII `filename` for the rest, with quotes, backslashes and non-ASCII characters
 * replaced.
 */
export function contentDisposition(
  fileName: string,
  kind: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The `attachment` disposition (a download). */
export const attachmentDisposition = (fileName: string) => contentDisposition(fileName);

/**
 * Sends a stored file with the type sniffed at upload, never guessed again by the browser
 * (nosniff), never cached. A download goes with a sandboxing CSP (whatever it is, it cannot
 * run script in the portal's origin if opened). Shown inline (the attachments' view link) a
 * JPEG or PNG keeps a sandboxing CSP that lets its image document draw it; a PDF goes without
 * one: Chrome and Safari refuse to run their PDF viewer in a sandboxed document, and the type,
 * sniffed from the bytes at upload, and nosniff keep it a PDF, whose viewer runs apart from
 * the page.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; bytes: Buffer },
  kind: 'attachment' | 'inline' = 'attachment',
) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, kind))
    .header('content-length', file.bytes.length)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'no-store');
  if (kind === 'attachment') {
    reply.header('content-security-policy', "default-src 'none'; sandbox");
  } else if (file.contentType === 'application/pdf') {
    reply.removeHeader('content-security-policy');
  } else {
    reply.header('content-security-policy', assetContentSecurityPolicy);
  }
  return reply.send(file.bytes);
}
