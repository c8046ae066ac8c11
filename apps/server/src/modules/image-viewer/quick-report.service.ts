import type { ImageViewerReport } from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { AuditEvent, RequestContext } from '../audit/index.ts';
import type { ReleasedReport } from '../results/index.ts';
import { ImageViewerTokenForbiddenError } from './image-viewer.errors.ts';
import { validImageViewerClaims } from './image-viewer-tokens.ts';

export interface QuickReportServiceDeps {
  key: Uint8Array;
  clock: Clock;
  /** The results module's "released report of accession X" (results/index.ts). */
  releasedReport(accessionNumber: string): Promise<ReleasedReport | null>;
  audit(event: AuditEvent): Promise<void>;
}

/**
 * The referrer's quick report (docs/product/images.md#quick-report): the released report of a
 * viewer link's one study. Only referrers' and external radiologists' links read it; a patient
 * reads their report on their results page, and their link is theirs alone (as in direct
 * access), so a PATIENT token is refused like one for another use.
 */
export function createQuickReportService(deps: QuickReportServiceDeps) {
  return {
    /** GET /api/image_viewer/report (Authorization: Bearer {imsec}). */
    async report(token: string | undefined, context: RequestContext): Promise<ImageViewerReport> {
      const claims = await validImageViewerClaims(deps.key, token, deps.clock.now());
      const event = (action: string, details: AuditEvent['details']) =>
        deps.audit({
          actor: 'public',
          action,
          subjectType: 'accession_number',
          subjectId: claims.accessionNumber,
          ...context,
          details: { audience: claims.audience, tokenId: claims.jti, ...details },
        });
      if (claims.audience === 'PATIENT') {
        await event('image-viewer.refused', { reason: 'patient-link', what: 'report' });
        throw new ImageViewerTokenForbiddenError('This link does not open a report.');
      }
      const report = await deps.releasedReport(claims.accessionNumber);
      await event('image-viewer.report-read', { released: report !== null });
      return {
        accessionNumber: claims.accessionNumber,
        report: report && {
          examName: report.examName,
          clinicName: report.clinicName,
          studyDate: report.studyDate,
          timeZone: report.timeZone,
          releasedAt: report.releasedAt.toISOString(),
          title: report.title,
          text: report.text,
        },
      };
    },
  };
}

export type QuickReportService = ReturnType<typeof createQuickReportService>;
