import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** Where the phone that took the photo was: what must never reach anyone but its owner. */
export const gpsExif = {
  IFD0: { Make: 'PortalTestPhone', Model: 'Fixture' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '33/1 52/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '151/1 12/1 0/1',
  },
};

/** Raw RGB pixels of a small gradient, `width` x `height`. */
function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/**
 * A photo as a phone writes it: stored `width` x `height`, with EXIF holding the camera and
 * its GPS position, and an EXIF orientation (6: turn 90° clockwise to show it upright).
 */
export function photoWithGps(
  format: 'jpeg' | 'png',
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 40, height = 30, orientation = 1 } = options;
  const image = gradient(width, height).withExif(gpsExif).withMetadata({ orientation });
  return (format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png()).toBuffer();
}

/**
 * A 64 x 48 HEIC (HEVC) with the same EXIF GPS position, made once with libheif's heif-enc
 * (Debian libheif-examples, x265) from a photoWithGps-style JPEG: no npm package encodes HEVC.
 */
export const heicWithGps = readFileSync(new URL('./photo-with-gps.heic', import.meta.url));
