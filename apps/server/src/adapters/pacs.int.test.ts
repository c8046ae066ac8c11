import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrthanc, type TestOrthanc } from '../../test/orthanc.ts';
import { demoAccessionNumbers, demoStudies, studyUidOf } from '../modules/image-viewer/index.ts';
import {
  createPacsClient,
  PacsObjectNotFoundError,
  PacsTimeoutError,
  PacsUnavailableError,
} from './pacs.ts';

let orthanc: TestOrthanc;
beforeAll(async () => {
  orthanc = await startOrthanc();
  await orthanc.upload(demoStudies);
}, 90_000);
afterAll(() => orthanc?.stop());

const clientOf = (overrides: Partial<Parameters<typeof createPacsClient>[0]> = {}) =>
  createPacsClient({
    url: orthanc.dicomWebUrl,
    username: orthanc.username,
    password: orthanc.password,
    timeoutMs: 5000,
    ...overrides,
  });

const readAll = async (stream: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('the DICOMweb client against Orthanc', () => {
  it('finds a study by accession number, its series and instances, and renders a frame', async () => {
    const pacs = clientOf();
    const mri = demoStudies[1];
    if (!mri) throw new Error('no MRI demo study');
    const [study, ...others] = await pacs.studiesByAccession(demoAccessionNumbers.mriKnee);
    expect(others).toEqual([]);
    expect(study).toEqual({
      studyInstanceUid: studyUidOf(mri),
      accessionNumber: 'DEMO-MR-0002',
      studyDate: '2025-08-01',
      description: 'MRI right knee (demo, synthetic)',
      modalities: ['MR'],
    });
    expect(await pacs.studiesByAccession('NO-SUCH-ACCESSION')).toEqual([]);
    // A wildcard is not a match of the exact accession number.
    expect(await pacs.studiesByAccession('DEMO-*')).toEqual([]);

    const series = await pacs.series(studyUidOf(mri));
    expect(series.map((s) => [s.seriesNumber, s.modality, s.description]).sort()).toEqual([
      [1, 'MR', 'Coronal T1'],
      [2, 'MR', 'Sagittal PD'],
    ]);
    const instances = await pacs.instances(studyUidOf(mri));
    expect(instances).toHaveLength(7);
    expect(instances.every((instance) => instance.frames === 1)).toBe(true);

    const instance = instances[0];
    if (!instance) throw new Error('no instance');
    const path = {
      study: studyUidOf(mri),
      series: instance.seriesInstanceUid,
      instance: instance.sopInstanceUid,
      frame: 1,
    };
    const jpeg = await pacs.renderedFrame(path, { accept: 'image/jpeg' });
    expect(jpeg.contentType).toBe('image/jpeg');
    const bytes = await readAll(jpeg.body);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Whole: it ends with the JPEG's end marker, and the length the proxy forwards is its own.
    expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(jpeg.contentLength ?? bytes.length).toBe(bytes.length);
    const png = await pacs.renderedFrame(path, {
      accept: 'image/png',
      window: { center: 100, width: 200 },
    });
    expect(png.contentType).toBe('image/png');
    expect((await readAll(png.body)).subarray(1, 4).toString()).toBe('PNG');
    // Another study's UID with this instance: the PACS has no such object.
    await expect(
      pacs.renderedFrame(
        { ...path, study: studyUidOf(demoStudies[0] ?? mri) },
        { accept: 'image/jpeg' },
      ),
    ).rejects.toBeInstanceOf(PacsObjectNotFoundError);
  });

  it('refuses to build a path from anything but DICOM UIDs', async () => {
    const pacs = clientOf();
    for (const bad of ['../instances', '1.2/../../tools', '1.2.3?x=1', '01.2', '']) {
      await expect(pacs.series(bad)).rejects.toBeInstanceOf(PacsObjectNotFoundError);
    }
  });

  it('turns wrong credentials, a stopped PACS and a silent one into 502 and 504 errors', async () => {
    const wrong = clientOf({ password: 'wrong-password' });
    const refused = await wrong.studiesByAccession('DEMO-CT-0001').catch((error) => error);
    expect(refused).toBeInstanceOf(PacsUnavailableError);
    expect(refused.statusCode).toBe(502);
    expect(refused.message).not.toMatch(/Unauthorized|Orthanc/i);

    // A closed port: nothing listens.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = clientOf({ url: `http://127.0.0.1:${closed}/dicom-web` });
    await expect(down.studiesByAccession('DEMO-CT-0001')).rejects.toBeInstanceOf(
      PacsUnavailableError,
    );

    // Accepts the connection and never answers.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const slow = clientOf({ url: `http://127.0.0.1:${port}/dicom-web`, timeoutMs: 300 });
      const error = await slow.studiesByAccession('DEMO-CT-0001').catch((caught) => caught);
      expect(error).toBeInstanceOf(PacsTimeoutError);
      expect(error.statusCode).toBe(504);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
