import { PNG } from 'pngjs';
import type { StudyDefinition } from '../../src/modules/image-viewer/index.ts';

/** A study of another patient, for scope tests (its own accession number and UIDs). */
export const otherStudy: StudyDefinition = {
  accessionNumber: 'TEST-OTHER-0001',
  patientId: 'TEST-PATIENT-2',
  patientName: 'Other^Person',
  studyDate: '20260105',
  description: 'XR hand (test)',
  series: [{ number: 1, modality: 'DX', description: 'PA', instances: 2 }],
};

/** The spread of grey levels of a PNG: 0 for a blank (one-colour) image. */
export function pngContrast(bytes: Buffer): { width: number; height: number; range: number } {
  const png = PNG.sync.read(bytes);
  let min = 255;
  let max = 0;
  for (let index = 0; index < png.data.length; index += 4) {
    const grey = png.data[index] as number;
    if (grey < min) min = grey;
    if (grey > max) max = grey;
  }
  return { width: png.width, height: png.height, range: max - min };
}

/** The middle part of a JWT with one claim changed, the signature kept (a tampered token). */
export function tamperedToken(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const forged = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}
