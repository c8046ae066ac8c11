// The image viewer's report page for `npm run bench:web` (issue 17: "the viewer page keeps initial
// JS under the booking home's budget until the viewer itself is opened"): a real PACS (Debian's
// Orthanc, as the e2e and integration tests start it) with the demo studies, the portal
// configured with it, and a viewer link the demo patient makes from their results.
import { existsSync } from 'node:fs';
import type { ImageViewerResponse } from '@portal/contract';
import { demoStudies } from '../apps/server/src/modules/image-viewer/index.ts';
import { orthancPrograms, startOrthanc, type TestOrthanc } from '../apps/server/test/orthanc.ts';
import type { LighthousePage } from './web-budget.ts';

export const viewerPageLabel = '/referrer-report?imsec (a CT study)';

/** Orthanc with the demo studies, or null (with the reason printed) when it is not installed. */
export async function startDemoPacs(): Promise<TestOrthanc | null> {
  if (!orthancPrograms.every((program) => existsSync(program))) {
    console.log('Orthanc is not installed (as root: node scripts/ensure-orthanc.mjs): the image');
    console.log("viewer's report page is not measured.");
    return null;
  }
  const orthanc = await startOrthanc();
  await orthanc.upload(demoStudies);
  return orthanc;
}

/** The portal's environment for the PACS. */
export const pacsEnv = (orthanc: TestOrthanc) => ({
  PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
  PACS_USERNAME: orthanc.username,
  PACS_PASSWORD: orthanc.password,
});

/**
 * The report page of a link the demo patient makes for the demo CT (POST
 * /api/image_viewer/generate with their results session): the header, then the viewer's chunk
 * and the first frame, as a patient's View images opens it.
 */
export async function viewerPage(
  portalUrl: string,
  resultsCookie: string,
): Promise<LighthousePage> {
  const study = demoStudies[0];
  if (!study) throw new Error('no demo study');
  const query = new URLSearchParams({ accessionNumber: study.accessionNumber });
  const response = await fetch(`${portalUrl}/api/image_viewer/generate?${query}`, {
    method: 'POST',
    headers: { cookie: resultsCookie },
  });
  if (!response.ok) {
    throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  }
  const link = (await response.json()) as ImageViewerResponse;
  if (!link.url) throw new Error(`no viewer url: ${JSON.stringify(link)}`);
  const url = new URL(link.url);
  return { url: `${portalUrl}${url.pathname}${url.search}` };
}
