import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heicWithGps, photoWithGps } from '../../../test/factories/images.ts';
import { samplePdf } from '../../../test/factories/uploads.ts';
import { asJpegName, withoutMetadata } from './image-without-metadata.ts';

/** EXIF (little-endian TIFF) with a GPS IFD pointer, tag 0x8825, and the test camera's make. */
const hasGps = (exif: Buffer | undefined) =>
  Boolean(exif?.includes(Buffer.from([0x25, 0x88])) && exif.includes('PortalTestPhone'));

describe('withoutMetadata', () => {
  it('re-encodes a JPEG upright and without its EXIF GPS position', async () => {
    const bytes = await photoWithGps('jpeg', { width: 40, height: 30, orientation: 6 });
    const before = await sharp(bytes).metadata();
    expect(hasGps(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const sent = await withoutMetadata({ fileName: 'scan.jpg', contentType: 'image/jpeg', bytes });
    expect(sent.fileName).toBe('scan.jpg');
    expect(sent.contentType).toBe('image/jpeg');
    const after = await sharp(sent.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Turned as the orientation said: 30 wide, 40 high.
    expect([after.width, after.height]).toEqual([30, 40]);
  });

  it('leaves out XMP and the ICC profile too', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane Patient</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
    const bytes = await sharp({
      create: { width: 20, height: 10, channels: 3, background: '#336699' },
    })
      .withIccProfile('p3')
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    expect(await sharp(bytes).metadata()).toMatchObject({ icc: expect.any(Buffer) });
    const sent = await withoutMetadata({ fileName: 'a.jpg', contentType: 'image/jpeg', bytes });
    const after = await sharp(sent.bytes).metadata();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(sent.bytes.includes('Jane Patient')).toBe(false);
  });

  it('re-encodes a PNG without its EXIF', async () => {
    const bytes = await photoWithGps('png');
    expect(hasGps((await sharp(bytes).metadata()).exif)).toBe(true);
    const sent = await withoutMetadata({ fileName: 'a.png', contentType: 'image/png', bytes });
    const after = await sharp(sent.bytes).metadata();
    expect(after.format).toBe('png');
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([40, 30]);
  });

  it('turns a HEIC into a JPEG without its EXIF', async () => {
    expect(hasGps((await sharp(heicWithGps).metadata()).exif)).toBe(true);
    const sent = await withoutMetadata({
      fileName: 'IMG_0001.HEIC',
      contentType: 'image/heic',
      bytes: heicWithGps,
    });
    expect(sent).toMatchObject({ fileName: 'IMG_0001.jpg', contentType: 'image/jpeg' });
    const after = await sharp(sent.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([64, 48]);
  });

  it('returns a PDF as it is', async () => {
    const file = { fileName: 'r.pdf', contentType: 'application/pdf', bytes: samplePdf };
    expect(await withoutMetadata(file)).toBe(file);
  });

  it('refuses an image it cannot decode rather than send it with its metadata', async () => {
    const broken = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(64, 7)]);
    for (const contentType of ['image/jpeg', 'image/png', 'image/heic']) {
      await expect(
        withoutMetadata({ fileName: 'x', contentType, bytes: broken }),
      ).rejects.toMatchObject({ code: 'IMAGE_NOT_READABLE', statusCode: 422 });
    }
  });

  it('names a converted HEIC .jpg', () => {
    expect(asJpegName('scan.heic')).toBe('scan.jpg');
    expect(asJpegName('scan.HEIF')).toBe('scan.jpg');
    expect(asJpegName('scan')).toBe('scan.jpg');
  });
});
