/**
 * RFC 5545 §3.1: content lines end in CRLF, and a line longer than 75 octets is folded
 * (CRLF followed by one space) without splitting a multi-octet character. The `ics`
 * library folds at 75 characters, not octets, so a line of "Ōtāhuhu"s runs past 75
 * octets: its folds are undone here and the lines folded again by their UTF-8 length.
 */
const maxOctets = 75;

export function foldContentLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  // A continuation line's leading space counts towards its 75 octets.
  let limit = maxOctets;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      limit = maxOctets - 1;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
