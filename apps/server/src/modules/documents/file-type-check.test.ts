import { describe, expect, it } from 'vitest';
import { allowedFileType, cleanFileName } from './file-type-check.ts';

const allowed = ['application/pdf', 'image/jpeg', 'image/png'];
const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe('allowedFileType', () => {
  it('accepts bytes whose sniffed type is allowed and matches the extension', async () => {
    expect(await allowedFileType(pdf, 'Referral.PDF', allowed)).toBe('application/pdf');
    expect(await allowedFileType(jpeg, 'photo.jpeg', allowed)).toBe('image/jpeg');
    expect(await allowedFileType(jpeg, 'photo.jpg', allowed)).toBe('image/jpeg');
  });

  it('refuses a mismatched name, a missing extension, or a type not on the list', async () => {
    expect(await allowedFileType(jpeg, 'referral.pdf', allowed)).toBeNull();
    expect(await allowedFileType(pdf, 'referral', allowed)).toBeNull();
    expect(await allowedFileType(pdf, 'referral.pdf', ['image/png'])).toBeNull();
    expect(await allowedFileType(Buffer.from('plain text'), 'a.pdf', allowed)).toBeNull();
  });
});

describe('cleanFileName', () => {
  it('drops paths and control characters and keeps a name', () => {
    expect(cleanFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('   ')).toBe('referral');
  });
});
