import { randomBytes } from 'node:crypto';
import { createPacsClient } from '../adapters/pacs.ts';
import { demoStudies, studyFiles } from '../modules/image-viewer/index.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run pacs -- load-demo-studies | find <accessionNumber>` (docs/product/images.md#demo):
 * stores the demo studies (synthetic images whose accession numbers match the demo results) in
 * the PACS of PACS_DICOMWEB_URL with DICOMweb's STOW-RS, so the demo portal can show them; or
 * looks a study up as the portal does. The portal itself only reads the PACS.
 */
const usage = 'Usage: npm run pacs -- load-demo-studies | find <accessionNumber>';

async function stow(
  url: string,
  authorization: string | null,
  files: Uint8Array[],
): Promise<Response> {
  const boundary = `portal-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`));
    parts.push(Buffer.from(file));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return fetch(`${url}/studies`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      accept: 'application/dicom+json',
      ...(authorization ? { authorization } : {}),
    },
    body: Buffer.concat(parts),
    signal: AbortSignal.timeout(60_000),
  });
}

async function main(args: string[]): Promise<number> {
  const [command, accessionNumber, ...rest] = args;
  const valid =
    (command === 'load-demo-studies' && accessionNumber === undefined) ||
    (command === 'find' && accessionNumber !== undefined && rest.length === 0);
  if (!valid) {
    console.error(usage);
    return 2;
  }
  const env = cliEnv();
  if (!env) return 1;
  if (!env.pacs) {
    console.error(
      'PACS_DICOMWEB_URL is not set: name the PACS DICOMweb root, e.g. http://127.0.0.1:8042/dicom-web',
    );
    return 1;
  }
  const pacs = createPacsClient(env.pacs);
  if (command === 'find') {
    const studies = await pacs.studiesByAccession(accessionNumber as string);
    if (studies.length === 0)
      console.log(`The PACS has no study with accession number ${accessionNumber}.`);
    for (const study of studies) {
      const series = await pacs.series(study.studyInstanceUid);
      console.log(
        `${study.accessionNumber}  ${study.studyDate ?? '-'}  ${study.modalities.join(',')}  ${study.description ?? ''}  (${series.length} series, UID ${study.studyInstanceUid})`,
      );
    }
    return 0;
  }
  const { username, password } = env.pacs;
  const authorization =
    username !== null
      ? `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`
      : null;
  for (const study of demoStudies) {
    const files = studyFiles(study, 256);
    const response = await stow(env.pacs.url, authorization, files);
    if (!response.ok) {
      console.error(
        `The PACS refused the demo study ${study.accessionNumber}: HTTP ${response.status}. Does it accept STOW-RS (POST ${env.pacs.url}/studies)?`,
      );
      return 1;
    }
    console.log(`Stored ${study.accessionNumber} (${study.description}): ${files.length} images.`);
  }
  console.log(
    'Done. Sign in to the demo results (see the start-up banner) and choose View images.',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
