import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { ImageNotReadableError } from './attachments.errors.ts';

/** A file as it is sent: its name, its type and its bytes. */
export interface FileToSend {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The most pixels an image may have to be re-encoded: a 48-megapixel phone photo fits; a
 * small file that would unpack to gigabytes (a decompression bomb) does not.
 */
const maxPixels = 64_000_000;

// A photo of a referral is mostly text: high quality and full-resolution colour keep it legible.
const jpegOptions = { quality: 92, chromaSubsampling: '4:4:4' } as const;

const heicTypes = new Set(['image/heic', 'image/heif']);

/**
 * The image as anyone but its owner gets it (docs/product/attachments.md, "Images and their
 * metadata"): decoded, turned upright by its EXIF orientation and encoded again, so nothing of
 * its metadata (EXIF with the camera's GPS position, XMP, comments, ICC profile) goes with
 * it: sharp writes none unless asked. JPEG stays JPEG and PNG PNG; HEIC, which sharp's
 * prebuilt libvips cannot decode (no HEVC decoder), is decoded by libheif in WebAssembly
 * (heic-decode) and sent as a JPEG under the same name with `.jpg`. Anything else (a PDF) is
 * returned as it is. An image that cannot be decoded is refused rather than sent with its
 * metadata (ImageNotReadableError).
 */
export async function withoutMetadata(file: FileToSend): Promise<FileToSend> {
  if (file.contentType === 'image/jpeg' || file.contentType === 'image/png') {
    const image = await readable(file.bytes);
    const bytes =
      file.contentType === 'image/jpeg'
        ? await encoded(image.jpeg(jpegOptions))
        : await encoded(image.png({ compressionLevel: 9 }));
    return { ...file, bytes };
  }
  if (heicTypes.has(file.contentType)) {
    return {
      fileName: asJpegName(file.fileName),
      contentType: 'image/jpeg',
      bytes: await heicAsJpeg(file.bytes),
    };
  }
  return file;
}

/** The image ready to encode: within the pixel limit, upright. */
async function readable(bytes: Buffer) {
  const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
  await image.metadata().catch(notReadable);
  return image.autoOrient();
}

async function encoded(image: Sharp): Promise<Buffer> {
  return image.toBuffer().catch(notReadable);
}

/**
 * libheif applies the HEIF's own rotation and mirroring while decoding (HEIF ignores EXIF
 * orientation). Its size is read from the container first (sharp reads HEIF headers), so an
 * oversized image is refused before the decoder allocates its pixels.
 */
async function heicAsJpeg(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata().catch(notReadable);
  if (width * height > maxPixels) notReadable(new Error(`${width}x${height} is too large`));
  const decoded = await decodeHeicOffThread(bytes).catch(notReadable);
  const image = sharp(decoded.pixels, {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
    limitInputPixels: maxPixels,
  });
  // JPEG has no transparency: flatten onto white, as a printed page would be.
  return encoded(image.flatten({ background: '#ffffff' }).jpeg(jpegOptions));
}

/**
 * RGBA pixels of a HEIC, decoded in a worker thread of its own: libheif in WebAssembly
 * (heic-decode) decodes synchronously, seconds for a 12-megapixel photo, and the event loop
 * must keep serving meanwhile (decision 022). One worker a decode: a download of a HEIC is
 * rare, and its memory goes with the worker.
 */
function decodeHeicOffThread(
  bytes: Buffer,
): Promise<{ width: number; height: number; pixels: Buffer }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heic-decode-worker.mjs', import.meta.url), {
      workerData: bytes,
    });
    worker.once(
      'message',
      (result: { width: number; height: number; data: Uint8ClampedArray; error?: string }) => {
        void worker.terminate();
        if (result.error !== undefined) return reject(new Error(result.error));
        const { width, height, data } = result;
        resolve({ width, height, pixels: Buffer.from(data.buffer, data.byteOffset, data.length) });
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The HEIC decoder stopped (${code}).`)));
  });
}

/** `scan.heic` as `scan.jpg`; a name without an extension gains one. */
export function asJpegName(fileName: string): string {
  return `${fileName.replace(/\.(heic|heif)$/i, '')}.jpg`;
}

function notReadable(_cause: unknown): never {
  throw new ImageNotReadableError(
    'The image cannot be read, so it cannot be sent without its metadata.',
  );
}
