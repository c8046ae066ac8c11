/**
 * A raw MIME message from the SMTP sink (test/smtp-sink.ts) as a mail client shows it: the
 * recipient, the subject with its RFC 2047 words decoded, and the text and HTML parts decoded
 * (base64 or quoted-printable, UTF-8). Words outside ASCII (a Macedonian message) are only
 * readable this way; the raw message holds them encoded.
 */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: string;
  body: string;
}

function split(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const headers = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return { headers, body: end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '') };
}

const header = (headers: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft[index] === '=' ? soft.slice(index + 1, index + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(soft[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The leaf parts of a message, multipart or not, bodies decoded. */
function leaves(part: Part): Part[] {
  const type = header(part.headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const chunks = part.body.split(new RegExp(`\\r?\\n?--${escaped}(?:--)?[ \\t]*\\r?\\n?`));
    return chunks.filter((chunk) => chunk.trim() !== '').flatMap((chunk) => leaves(split(chunk)));
  }
  const encoding = header(part.headers, 'Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(part.body)
        : part.body;
  return [{ headers: part.headers, body }];
}

export function readMail(raw: string): ReadMail {
  const message = split(raw);
  const parts = leaves(message);
  const ofType = (type: string) =>
    parts.find((part) => new RegExp(`^${type}`, 'i').test(header(part.headers, 'Content-Type')))
      ?.body ?? '';
  return {
    to: header(message.headers, 'To'),
    subject: decodeWords(header(message.headers, 'Subject')),
    text: ofType('text/plain'),
    html: ofType('text/html'),
  };
}
