import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAccessionNumbers, demoStudies, studyFiles, studyUidOf } from './demo-studies.ts';

// dcmtk's dcmdump (scripts/ensure-orthanc.mjs installs it) is an independent DICOM parser: what
// it reads back is what a PACS will index.
describe('the demo studies as DICOM files', () => {
  it('are valid DICOM that dcmtk reads back with the accession number, UIDs and pixels', () => {
    const study = demoStudies.find((s) => s.accessionNumber === demoAccessionNumbers.mriKnee);
    if (!study) throw new Error('no MRI demo study');
    const files = studyFiles(study, 64);
    expect(files).toHaveLength(7);
    const directory = mkdtempSync(join(tmpdir(), 'portal-dicom-'));
    try {
      const file = join(directory, 'first.dcm');
      writeFileSync(file, files[0] as Uint8Array);
      const dump = execFileSync(
        '/usr/bin/dcmdump',
        ['+P', '0008,0050', '+P', '0020,000d', '+P', '0028,0010', '+P', '7fe0,0010', file],
        {
          encoding: 'utf8',
        },
      );
      expect(dump).toContain('[DEMO-MR-0002]');
      expect(dump).toContain(`[${studyUidOf(study)}]`);
      expect(dump).toMatch(/\(0028,0010\) US 64/);
      expect(dump).toMatch(/\(7fe0,0010\) OB .*# 4096,/);
      // Distinct instances: every file has its own SOP instance UID.
      const uids = files.map((bytes) => {
        writeFileSync(file, bytes);
        return execFileSync('/usr/bin/dcmdump', ['+P', '0008,0018', file], { encoding: 'utf8' });
      });
      expect(new Set(uids).size).toBe(files.length);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
