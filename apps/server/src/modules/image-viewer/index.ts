import type { ImageViewerConfig } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import { createPacsClient, type PacsSettings } from '../../adapters/pacs.ts';
import type { Database } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { authenticationRequestInfo } from '../authentication/index.ts';
import { apiKeys } from '../integration/index.ts';
import { releasedReports } from '../results/index.ts';
import { staffOf } from '../sso/index.ts';
import { ImageViewerUnauthenticatedError } from './image-viewer.errors.ts';
import { isPatientsAccession } from './image-viewer.repository.ts';
import { registerImageViewerRoutes } from './image-viewer.routes.ts';
import { createImageViewerService, type GenerateCaller } from './image-viewer.service.ts';
import { imageViewerKey, validImageViewerClaims } from './image-viewer-tokens.ts';
import { createQuickReportService } from './quick-report.service.ts';

export {
  demoAccessionNumbers,
  demoStudies,
  type StudyDefinition,
  studyFiles,
  studyUidOf,
  uidOf,
} from './demo-studies.ts';
export type { ImageViewerClaims } from './image-viewer-tokens.ts';
export { resultImages } from './result-images.ts';

/**
 * The check of a viewer link (imsec) for another module (report-quality feedback): its claims
 * when genuine and unexpired, else the image viewer's own refusals (400, 403, 401), so a link
 * is judged the same everywhere.
 */
export function imageViewerLinkCheck(deps: { sessionSecret: string; clock: Clock }) {
  const key = imageViewerKey(deps.sessionSecret);
  return (imsec: string) => validImageViewerClaims(key, imsec, deps.clock.now());
}

export interface ImageViewerModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: ImageViewerConfig;
  /** PACS_DICOMWEB_URL and its credentials; null: images are unavailable. */
  pacs: PacsSettings | null;
  /** SESSION_SECRET: the links' signing key is derived from it. */
  sessionSecret: string;
  publicUrl: string;
  rateLimitMax: number;
}

/**
 * Images (docs/product/images.md): viewer links (signed single-study tokens), a proxy of the
 * PACS's DICOMweb for the token's study only and the referrer's quick report. Registered after
 * the authentication and sso modules (a patient's session makes links for their own results, a
 * staff session for any study).
 */
export async function imageViewerModule(app: FastifyInstance, deps: ImageViewerModuleDeps) {
  const keys = apiKeys({ db: deps.db, clock: deps.clock });
  const audit = (event: AuditEvent) => insertAuditEvent(deps.db, event, deps.clock.now());
  const key = imageViewerKey(deps.sessionSecret);
  const service = createImageViewerService({
    pacs: deps.pacs ? createPacsClient(deps.pacs) : null,
    key,
    clock: deps.clock,
    config: deps.config,
    publicUrl: deps.publicUrl,
    isPatientsAccession: (bookingKey, accessionNumber) =>
      isPatientsAccession(deps.db, bookingKey, accessionNumber),
    audit,
  });
  const reports = releasedReports(deps.db);
  const quickReport = createQuickReportService({
    key,
    clock: deps.clock,
    releasedReport: (accessionNumber) => reports.ofAccession(accessionNumber),
    audit,
  });

  /**
   * The provider's key (Authorization: Bearer pk_...), a staff session, or a patient's results
   * session. Staff before patient: a staff member's browser may also hold a patient session
   * (their own results), and the staff session is the one they signed in with to work.
   */
  async function caller(request: FastifyRequest): Promise<GenerateCaller> {
    if (request.headers.authorization !== undefined) {
      const provider = await keys.authenticate(request.headers.authorization);
      return { kind: 'PROVIDER', actor: provider.actor };
    }
    const staff = await staffOf(request);
    if (staff) return { kind: 'STAFF', subject: staff.user.userId, sessionId: staff.id };
    const { tokenHash } = authenticationRequestInfo(request);
    const session = await app.authentication.authenticatedSession(tokenHash);
    if (!session || !app.authentication.covers(session, 'APPOINTMENT_RESULTS')) {
      throw new ImageViewerUnauthenticatedError(
        'Sign in to your results, or with single sign-on, to make a link to images.',
      );
    }
    return { kind: 'PATIENT', bookingKey: session.bookingKey, sessionId: session.id };
  }

  registerImageViewerRoutes(app, {
    service,
    quickReport,
    caller,
    rateLimitMax: deps.rateLimitMax,
  });
}
