import { Readable } from 'node:stream';
import { z } from 'zod';
import { DomainError } from '../domain-error.ts';

/**
 * A DICOMweb client of the provider's PACS (docs/product/images.md): QIDO-RS to find a study by
 * accession number and list its series and instances, WADO-RS for rendered frames. Only these
 * fixed paths are ever built, from validated UIDs: the portal is no open proxy of the PACS.
 * PACS failures become PacsUnavailableError (502) or PacsTimeoutError (504) whose messages never
 * carry the PACS's own text.
 */
export interface PacsSettings {
  /** The DICOMweb root, e.g. http://127.0.0.1:8042/dicom-web (no trailing slash). */
  url: string;
  username: string | null;
  password: string | null;
  timeoutMs: number;
}

export interface PacsStudy {
  studyInstanceUid: string;
  accessionNumber: string;
  studyDate: string | null;
  description: string | null;
  modalities: string[];
}

export interface PacsSeries {
  seriesInstanceUid: string;
  seriesNumber: number | null;
  modality: string | null;
  description: string | null;
}

export interface PacsInstance {
  seriesInstanceUid: string;
  sopInstanceUid: string;
  instanceNumber: number | null;
  frames: number;
}

export interface PacsImage {
  contentType: string;
  contentLength: number | null;
  body: Readable;
}

export interface PacsClient {
  studiesByAccession(accessionNumber: string): Promise<PacsStudy[]>;
  series(studyUid: string): Promise<PacsSeries[]>;
  instances(studyUid: string): Promise<PacsInstance[]>;
  renderedFrame(
    path: { study: string; series: string; instance: string; frame: number },
    options: { accept: 'image/jpeg' | 'image/png'; window?: { center: number; width: number } },
  ): Promise<PacsImage>;
}

export class PacsUnavailableError extends DomainError {
  readonly statusCode = 502;
  readonly code = 'PACS_UNAVAILABLE';
}

export class PacsTimeoutError extends DomainError {
  readonly statusCode = 504;
  readonly code = 'PACS_TIMEOUT';
}

/** The PACS does not hold this object (a 404 of WADO-RS, or a frame it cannot render). */
export class PacsObjectNotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code = 'IMAGE_STUDY_NOT_FOUND';
}

/** DICOM UIDs: digits and dots, at most 64 characters (PS3.5 §9.1). */
export const dicomUidPattern = /^(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*$/;
export const isDicomUid = (value: string) => value.length <= 64 && dicomUidPattern.test(value);

const attributeSchema = z.object({ vr: z.string(), Value: z.array(z.unknown()).optional() });
const datasetsSchema = z.array(z.record(z.string(), attributeSchema));
type Dataset = z.infer<typeof datasetsSchema>[number];

const first = (dataset: Dataset, tag: string): unknown => dataset[tag]?.Value?.[0];
const text = (dataset: Dataset, tag: string): string | null => {
  const value = first(dataset, tag);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
const integer = (dataset: Dataset, tag: string): number | null => {
  const value = Number(first(dataset, tag));
  return Number.isInteger(value) ? value : null;
};
/** DA (YYYYMMDD) as YYYY-MM-DD. */
const date = (dataset: Dataset, tag: string): string | null => {
  const value = text(dataset, tag);
  return value && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : null;
};

const tags = {
  studyDate: '00080020',
  accessionNumber: '00080050',
  modality: '00080060',
  modalitiesInStudy: '00080061',
  studyDescription: '00081030',
  seriesDescription: '0008103E',
  sopInstanceUid: '00080018',
  studyInstanceUid: '0020000D',
  seriesInstanceUid: '0020000E',
  seriesNumber: '00200011',
  instanceNumber: '00200013',
  numberOfFrames: '00280008',
} as const;

export function createPacsClient(settings: PacsSettings): PacsClient {
  const base = settings.url.replace(/\/+$/, '');
  const authorization =
    settings.username !== null
      ? `Basic ${Buffer.from(`${settings.username}:${settings.password ?? ''}`).toString('base64')}`
      : null;

  const uid = (value: string) => {
    if (!isDicomUid(value)) throw new PacsObjectNotFoundError('Not a DICOM UID.');
    return value;
  };

  async function call(path: string, accept: string, encoding?: 'identity'): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: {
          accept,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
          ...(authorization ? { authorization } : {}),
        },
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new PacsTimeoutError(`The PACS did not answer within ${settings.timeoutMs} ms.`);
      }
      throw new PacsUnavailableError('The PACS could not be reached.');
    }
    return response;
  }

  async function query(path: string): Promise<Dataset[]> {
    const response = await call(path, 'application/dicom+json');
    // A QIDO-RS search with no match may answer 204 (no content) instead of [].
    if (response.status === 204 || response.status === 404) return [];
    if (!response.ok) {
      await response.body?.cancel();
      throw new PacsUnavailableError(`The PACS answered a search with HTTP ${response.status}.`);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new PacsTimeoutError(`The PACS did not answer within ${settings.timeoutMs} ms.`);
      }
      throw new PacsUnavailableError('The PACS answered a search with something other than JSON.');
    }
    const parsed = datasetsSchema.safeParse(json);
    if (!parsed.success)
      throw new PacsUnavailableError('The PACS answered an unexpected search result.');
    return parsed.data;
  }

  return {
    async studiesByAccession(accessionNumber) {
      const search = new URLSearchParams({ AccessionNumber: accessionNumber });
      search.append('includefield', tags.studyDescription);
      search.append('includefield', tags.modalitiesInStudy);
      const rows = await query(`/studies?${search}`);
      return rows.flatMap((row) => {
        const studyInstanceUid = text(row, tags.studyInstanceUid);
        // Some PACSs match AccessionNumber loosely (wildcards, case): keep exact matches only.
        if (!studyInstanceUid || text(row, tags.accessionNumber) !== accessionNumber) return [];
        const modalities = (row[tags.modalitiesInStudy]?.Value ?? []).filter(
          (value): value is string => typeof value === 'string',
        );
        return [
          {
            studyInstanceUid,
            accessionNumber,
            studyDate: date(row, tags.studyDate),
            description: text(row, tags.studyDescription),
            modalities,
          },
        ];
      });
    },

    async series(studyUid) {
      const search = new URLSearchParams({ includefield: tags.seriesDescription });
      const rows = await query(`/studies/${uid(studyUid)}/series?${search}`);
      return rows.flatMap((row) => {
        const seriesInstanceUid = text(row, tags.seriesInstanceUid);
        if (!seriesInstanceUid) return [];
        return [
          {
            seriesInstanceUid,
            seriesNumber: integer(row, tags.seriesNumber),
            modality: text(row, tags.modality),
            description: text(row, tags.seriesDescription),
          },
        ];
      });
    },

    async instances(studyUid) {
      const search = new URLSearchParams({ includefield: tags.numberOfFrames });
      const rows = await query(`/studies/${uid(studyUid)}/instances?${search}`);
      return rows.flatMap((row) => {
        const seriesInstanceUid = text(row, tags.seriesInstanceUid);
        const sopInstanceUid = text(row, tags.sopInstanceUid);
        if (!seriesInstanceUid || !sopInstanceUid) return [];
        const frames = integer(row, tags.numberOfFrames);
        return [
          {
            seriesInstanceUid,
            sopInstanceUid,
            instanceNumber: integer(row, tags.instanceNumber),
            frames: frames !== null && frames > 0 ? frames : 1,
          },
        ];
      });
    },

    async renderedFrame(path, options) {
      if (!Number.isInteger(path.frame) || path.frame < 1) {
        throw new PacsObjectNotFoundError('Frames are numbered from 1.');
      }
      // DICOMweb's window is center,width,function (PS3.18 §8.3.5.1.4), commas unescaped:
      // Orthanc does not decode %2C there. Both are finite numbers, so nothing else is written.
      const { window } = options;
      const search =
        window && Number.isFinite(window.center) && Number.isFinite(window.width)
          ? `?window=${window.center},${window.width},linear`
          : '';
      const response = await call(
        `/studies/${uid(path.study)}/series/${uid(path.series)}/instances/${uid(path.instance)}/frames/${path.frame}/rendered${search}`,
        options.accept,
        // An image does not shrink when compressed; and fetch would hand over the decoded bytes
        // with the compressed Content-Length, which the proxy forwards: a browser then keeps
        // only the first half of the frame (seen with Orthanc, which gzips when asked).
        'identity',
      );
      if (response.status === 404) {
        await response.body?.cancel();
        throw new PacsObjectNotFoundError('The PACS has no such frame.');
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !/^image\/(jpeg|png)\b/.test(contentType)) {
        await response.body?.cancel();
        throw new PacsUnavailableError(
          `The PACS answered a rendered frame with HTTP ${response.status}.`,
        );
      }
      const length = response.headers.has('content-encoding')
        ? Number.NaN
        : Number(response.headers.get('content-length'));
      return {
        contentType: contentType.split(';')[0] as string,
        contentLength: Number.isInteger(length) && length > 0 ? length : null,
        body: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      };
    },
  };
}
