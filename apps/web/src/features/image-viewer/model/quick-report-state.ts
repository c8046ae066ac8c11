import {
  type ImageViewerReport,
  type ImageViewerResponse,
  imageViewerErrorCodes,
} from '@portal/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { linkOutcome } from './link-outcome.ts';

/** A query's part the page needs: its answer, or its error once it failed. */
interface Answer<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * What the quick report page shows (docs/product/images.md#quick-report), from the link check
 * (GET /api/image_viewer) and the report (GET /api/image_viewer/report), asked at once so a
 * phone waits one round trip. An EXPIRED link leaves for its redirect whatever the report said;
 * a link that is not ours is the image viewer's red error; anything else that failed offers
 * another try. `images`: the link leads to images (the report page, or the PACS's viewer).
 */
export type QuickReportState =
  | { kind: 'loading' }
  | { kind: 'leaving'; to: string }
  | { kind: 'noLink' }
  | { kind: 'invalidLink' }
  | { kind: 'failed' }
  | { kind: 'noReportForLink'; images: boolean }
  | { kind: 'notReleased'; images: boolean }
  | { kind: 'report'; images: boolean; accessionNumber: string; report: Report };

type Report = NonNullable<ImageViewerReport['report']>;

const tokenRefusals: ReadonlySet<string> = new Set([
  imageViewerErrorCodes.invalidToken,
  imageViewerErrorCodes.forbiddenToken,
]);
const refusedToken = (error: unknown) => isApiError(error) && tokenRefusals.has(error.code);

export function quickReportState(
  imsec: string,
  link: Answer<ImageViewerResponse>,
  report: Answer<ImageViewerReport>,
): QuickReportState {
  if (imsec === '') return { kind: 'noLink' };
  if (link.error) return refusedToken(link.error) ? { kind: 'invalidLink' } : { kind: 'failed' };
  if (!link.data) return { kind: 'loading' };
  const outcome = linkOutcome(link.data);
  if (outcome.kind === 'redirect') return { kind: 'leaving', to: outcome.to };
  if (link.data.imageViewerLinkStatus === 'EXPIRED') return { kind: 'noLink' };
  const images = outcome.kind === 'view' || outcome.kind === 'pacs';
  // The link is genuine, so a refused token here is one the report is not for: a patient's.
  if (report.error) {
    return refusedToken(report.error) ? { kind: 'noReportForLink', images } : { kind: 'failed' };
  }
  if (!report.data) return { kind: 'loading' };
  if (!report.data.report) return { kind: 'notReleased', images };
  return {
    kind: 'report',
    images,
    accessionNumber: report.data.accessionNumber,
    report: report.data.report,
  };
}
