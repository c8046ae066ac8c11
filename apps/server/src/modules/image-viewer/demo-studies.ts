import { createHash } from 'node:crypto';
import { type DicomImage, dicomFile } from './dicom-file.ts';

/**
 * The demo studies (docs/product/images.md#demo): synthetic images of a fictional patient whose
 * accession numbers match the demo results (db/seed/demo-results.ts), so `npm run pacs --
 * load-demo-studies` fills a PACS the demo portal can show. UIDs are derived from names
 * (2.25.<number>), so loading twice stores the same instances again, not copies.
 */

export interface StudyDefinition {
  accessionNumber: string;
  patientId: string;
  patientName: string;
  studyDate: string;
  description: string;
  series: Array<{ number: number; modality: string; description: string; instances: number }>;
}

export const demoAccessionNumbers = {
  ctChest: 'DEMO-CT-0001',
  mriKnee: 'DEMO-MR-0002',
} as const;

export const demoStudies: StudyDefinition[] = [
  {
    accessionNumber: demoAccessionNumbers.ctChest,
    patientId: 'DEMO-PATIENT-1',
    patientName: 'Sample^Jordan',
    studyDate: '20260101',
    description: 'CT chest (demo, synthetic)',
    series: [{ number: 1, modality: 'CT', description: 'Axial', instances: 6 }],
  },
  {
    accessionNumber: demoAccessionNumbers.mriKnee,
    patientId: 'DEMO-PATIENT-1',
    patientName: 'Sample^Jordan',
    studyDate: '20250801',
    description: 'MRI right knee (demo, synthetic)',
    series: [
      { number: 2, modality: 'MR', description: 'Sagittal PD', instances: 4 },
      { number: 1, modality: 'MR', description: 'Coronal T1', instances: 3 },
    ],
  },
];

/** A stable DICOM UID for a name: 2.25 followed by 120 bits of its SHA-256. */
export const uidOf = (name: string) =>
  `2.25.${BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 30)}`)}`;

export const studyUidOf = (study: Pick<StudyDefinition, 'accessionNumber'>) =>
  uidOf(`study:${study.accessionNumber}`);

/**
 * A synthetic slice: a dark background with a bright ellipse whose size changes with the
 * slice, a grey inner disc and the series' stripes, so scrolling shows movement.
 */
function slicePixels(size: number, slice: number, slices: number, seriesNumber: number) {
  const pixels = new Uint8Array(size * size);
  const centre = size / 2;
  const radius = size * (0.25 + 0.15 * Math.sin((Math.PI * (slice + 1)) / (slices + 1)));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = (x - centre) / radius;
      const dy = (y - centre) / (radius * 0.8);
      const r = Math.sqrt(dx * dx + dy * dy);
      let value = 10 + ((x + y) % 7);
      if (r < 1) value = 200 - Math.round(60 * r);
      if (r < 0.35) value = 90;
      if (y < 6 && x % (8 * seriesNumber) < 4) value = 255;
      pixels[y * size + x] = value;
    }
  }
  return pixels;
}

/** Every instance of a study as DICOM Part 10 files. */
export function studyFiles(study: StudyDefinition, size = 128): Uint8Array[] {
  const studyInstanceUid = studyUidOf(study);
  return study.series.flatMap((series) =>
    Array.from({ length: series.instances }, (_, index) => {
      const image: DicomImage = {
        patientId: study.patientId,
        patientName: study.patientName,
        accessionNumber: study.accessionNumber,
        studyInstanceUid,
        studyDate: study.studyDate,
        studyDescription: study.description,
        seriesInstanceUid: uidOf(`series:${study.accessionNumber}:${series.number}`),
        seriesNumber: series.number,
        seriesDescription: series.description,
        modality: series.modality,
        sopInstanceUid: uidOf(`instance:${study.accessionNumber}:${series.number}:${index + 1}`),
        instanceNumber: index + 1,
        rows: size,
        columns: size,
        pixels: slicePixels(size, index, series.instances, series.number),
      };
      return dicomFile(image);
    }),
  );
}
