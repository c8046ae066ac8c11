import type { ImageViewerStudy } from '@portal/contract';
import type { PacsClient } from '../../adapters/pacs.ts';

/**
 * The token's study as the viewer reads it, built from QIDO-RS (series, then instances), and
 * kept for a minute per study: the frames route checks every series, instance and frame number
 * against it before anything reaches the PACS, and a viewer scrolling a series asks for many
 * frames in a row.
 */
const byNumber =
  <T>(number: (item: T) => number | null) =>
  (a: T, b: T) =>
    (number(a) ?? Number.MAX_SAFE_INTEGER) - (number(b) ?? Number.MAX_SAFE_INTEGER);

export async function loadStudy(
  pacs: PacsClient,
  study: {
    accessionNumber: string;
    studyInstanceUid: string;
    studyDate: string | null;
    description: string | null;
    modalities: string[];
  },
): Promise<ImageViewerStudy> {
  const [series, instances] = await Promise.all([
    pacs.series(study.studyInstanceUid),
    pacs.instances(study.studyInstanceUid),
  ]);
  return {
    ...study,
    series: series
      .map((one) => ({
        ...one,
        instances: instances
          .filter((instance) => instance.seriesInstanceUid === one.seriesInstanceUid)
          .map(({ sopInstanceUid, instanceNumber, frames }) => ({
            sopInstanceUid,
            instanceNumber,
            frames,
          }))
          .sort(byNumber((instance) => instance.instanceNumber)),
      }))
      .sort(byNumber((one) => one.seriesNumber)),
  };
}

export function createStudyCache(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}) {
  const entries = new Map<string, { study: ImageViewerStudy; at: number }>();
  return {
    async get(key: string, load: () => Promise<ImageViewerStudy>): Promise<ImageViewerStudy> {
      const hit = entries.get(key);
      if (hit && options.now() - hit.at < options.ttlMs) return hit.study;
      const study = await load();
      entries.delete(key);
      entries.set(key, { study, at: options.now() });
      // Oldest first out (a Map keeps insertion order).
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return study;
    },
  };
}
