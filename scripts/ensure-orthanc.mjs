#!/usr/bin/env node
// The image viewer's integration tests speak DICOMweb to a real PACS: Orthanc with its
// DICOMweb plugin, from Debian (apps/server/test/orthanc.ts starts it); dcmtk's img2dcm makes
// the test and demo studies.
import { ensureDebianPackages } from './debian-packages.mjs';

export function ensureOrthanc() {
  ensureDebianPackages({
    what: 'Orthanc',
    why: 'The integration tests run a DICOMweb PACS (Orthanc) and dcmtk',
    // The files apps/server/test/orthanc.ts and the study generator use, and their packages.
    programs: {
      '/usr/sbin/Orthanc': 'orthanc',
      '/usr/share/orthanc/plugins/libOrthancDicomWeb.so': 'orthanc-dicomweb',
      '/usr/bin/img2dcm': 'dcmtk',
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureOrthanc();
