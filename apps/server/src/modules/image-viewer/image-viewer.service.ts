import type {
  ImageViewerAudience,
  ImageViewerConfig,
  ImageViewerDirectRequest,
  ImageViewerResponse,
  ImageViewerStudy,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { PacsClient, PacsImage } from '../../adapters/pacs.ts';
import type { AuditEvent, RequestContext } from '../audit/index.ts';
import {
  ImageAccessionForbiddenError,
  ImageStudyNotFoundError,
  ImageViewerTokenForbiddenError,
  ImageViewerTokenInvalidError,
  UserNotHaveAccessToImagesError,
} from './image-viewer.errors.ts';
import {
  checkImageViewerToken,
  type ImageViewerClaims,
  signImageViewerToken,
  validImageViewerClaims,
} from './image-viewer-tokens.ts';
import { createStudyCache, loadStudy } from './study-listing.ts';

/**
 * Who asks for a viewer link: a signed-in patient (their results), the provider's systems, or a
 * staff member or referrer signed in with single sign-on (`subject`: their identity provider's
 * `sub`, audited instead of a name).
 */
export type GenerateCaller =
  | { kind: 'PATIENT'; bookingKey: string; sessionId: string }
  | { kind: 'PROVIDER'; actor: string }
  | { kind: 'STAFF'; subject: string; sessionId: string };

export interface ImageViewerServiceDeps {
  /** Null: no PACS configured; links answer url null (images unavailable). */
  pacs: PacsClient | null;
  key: Uint8Array;
  clock: Clock;
  config: ImageViewerConfig;
  publicUrl: string;
  isPatientsAccession(bookingKey: string, accessionNumber: string): Promise<boolean>;
  audit(event: AuditEvent): Promise<void>;
}

const lifetimes = (config: ImageViewerConfig): Record<ImageViewerAudience, number> => ({
  PATIENT: config.patientLinkMinutes,
  REFERRER: config.referrerLinkMinutes,
  EXTERNAL: config.externalLinkMinutes,
});

/** No PACS configured: the spec's "response without url", which the browser shows as no images. */
const noImages: ImageViewerResponse = {
  url: null,
  imageViewerLinkStatus: 'ACTIVE',
  redirectUrl: null,
  preference: null,
  pacsUrl: null,
};

/** Frames stay in the browser's cache at most an hour, and never past the token. */
const maxCacheSeconds = 3600;

export function createImageViewerService(deps: ImageViewerServiceDeps) {
  const { pacs, clock, config } = deps;
  const studies = createStudyCache({
    ttlMs: 60_000,
    maxEntries: 200,
    now: () => clock.now().getTime(),
  });

  const audit = (
    context: RequestContext,
    actor: string,
    action: string,
    claims: Pick<ImageViewerClaims, 'accessionNumber'> & Partial<ImageViewerClaims>,
    details: AuditEvent['details'] = {},
  ) =>
    deps.audit({
      actor,
      action,
      subjectType: 'accession_number',
      subjectId: claims.accessionNumber,
      ...context,
      details: {
        audience: claims.audience ?? null,
        tokenId: claims.jti ?? null,
        ...details,
      },
    });

  const pacsViewerUrl = (claims: Pick<ImageViewerClaims, 'accessionNumber' | 'studyInstanceUid'>) =>
    config.pacsViewerUrl
      ?.replaceAll('{accessionNumber}', encodeURIComponent(claims.accessionNumber))
      .replaceAll('{studyInstanceUid}', encodeURIComponent(claims.studyInstanceUid)) ?? null;

  const reportUrl = (token: string, repositorySource: string | undefined) =>
    `${deps.publicUrl}/referrer-report?${new URLSearchParams({
      imsec: token,
      repositorySource: repositorySource ?? '',
    })}`;

  const active = (
    token: string,
    claims: ImageViewerClaims,
    repositorySource: string | undefined,
  ): ImageViewerResponse => ({
    url: reportUrl(token, repositorySource),
    imageViewerLinkStatus: 'ACTIVE',
    redirectUrl: null,
    preference: claims.audience === 'REFERRER' ? config.referrerPreference : 'PORTAL',
    pacsUrl: pacsViewerUrl(claims),
  });

  async function findStudy(accessionNumber: string) {
    if (!pacs) return null;
    const [study] = await pacs.studiesByAccession(accessionNumber);
    return study ?? null;
  }

  async function issue(
    study: { accessionNumber: string; studyInstanceUid: string },
    audience: ImageViewerAudience,
  ) {
    return signImageViewerToken(deps.key, {
      accessionNumber: study.accessionNumber,
      studyInstanceUid: study.studyInstanceUid,
      audience,
      now: clock.now(),
      lifetimeMinutes: lifetimes(config)[audience],
    });
  }

  /** A token the proxy accepts: genuine, unexpired, naming a study UID. */
  const validClaims = (token: string | undefined) =>
    validImageViewerClaims(deps.key, token, clock.now());

  /** The token's study from the PACS (cached a minute); 404 when the PACS no longer has it. */
  async function studyOf(claims: ImageViewerClaims): Promise<ImageViewerStudy> {
    if (!pacs) throw new ImageStudyNotFoundError('No PACS is configured: images are unavailable.');
    return studies.get(claims.studyInstanceUid, async () => {
      const found = (await pacs.studiesByAccession(claims.accessionNumber)).find(
        (study) => study.studyInstanceUid === claims.studyInstanceUid,
      );
      if (!found) throw new ImageStudyNotFoundError('The PACS has no such study.');
      return loadStudy(pacs, found);
    });
  }

  return {
    /** POST /api/image_viewer/generate */
    async generate(
      query: { accessionNumber: string; repositorySource?: string; repositorySourceId?: string },
      caller: GenerateCaller,
      context: RequestContext,
    ): Promise<ImageViewerResponse> {
      const { accessionNumber } = query;
      const actor =
        caller.kind === 'PATIENT' ? 'patient' : caller.kind === 'STAFF' ? 'staff' : caller.actor;
      if (
        caller.kind === 'PATIENT' &&
        !(await deps.isPatientsAccession(caller.bookingKey, accessionNumber))
      ) {
        await audit(
          context,
          actor,
          'image-viewer.refused',
          { accessionNumber },
          { reason: 'not-own' },
        );
        throw new ImageAccessionForbiddenError('These images are not among your results.');
      }
      const audience: ImageViewerAudience = caller.kind === 'PATIENT' ? 'PATIENT' : 'REFERRER';
      // Demo without a PACS: say images are unavailable (url null), never fake them.
      if (!pacs) return noImages;
      const study = await findStudy(accessionNumber);
      if (!study)
        throw new ImageStudyNotFoundError('The PACS has no study with this accession number.');
      const { token, claims } = await issue(study, audience);
      await audit(context, actor, 'image-viewer.generated', claims, {
        repositorySource: query.repositorySource ?? null,
        repositorySourceId: query.repositorySourceId ?? null,
        ...(caller.kind === 'PATIENT' ? { sessionId: caller.sessionId } : {}),
        ...(caller.kind === 'STAFF'
          ? { staffSubject: caller.subject, staffSessionId: caller.sessionId }
          : {}),
      });
      return active(token, claims, query.repositorySource);
    },

    /** GET /api/image_viewer?input={imsec}: ACTIVE, or EXPIRED with where to go. */
    async open(
      input: string,
      repositorySource: string | undefined,
      context: RequestContext,
    ): Promise<ImageViewerResponse> {
      const check = await checkImageViewerToken(deps.key, input, clock.now());
      if (check.kind === 'MALFORMED') {
        throw new ImageViewerTokenInvalidError('The image viewer link is not valid.');
      }
      if (check.kind === 'FORGED') {
        throw new ImageViewerTokenForbiddenError(
          'The image viewer link was not issued by this portal.',
        );
      }
      if (check.kind === 'EXPIRED') {
        await audit(context, 'public', 'image-viewer.expired', check.claims);
        return {
          url: null,
          imageViewerLinkStatus: 'EXPIRED',
          redirectUrl: config.expiredRedirectUrl ?? `${deps.publicUrl}/`,
          preference: null,
          pacsUrl: null,
        };
      }
      await audit(context, 'public', 'image-viewer.opened', check.claims);
      return pacs ? active(input, check.claims, repositorySource) : noImages;
    },

    /**
     * POST /api/image_viewer/direct: an external radiologist of a partner practice (an e-mail
     * domain of directAccessEmailDomains) with a referrer's or external link, or an accession
     * number the PACS holds, gets a link of their own. Every refusal is the same 403.
     */
    async direct(request: ImageViewerDirectRequest, context: RequestContext) {
      const domain = request.email.slice(request.email.lastIndexOf('@') + 1).toLowerCase();
      const who = { username: request.username, email: request.email.toLowerCase() };
      const refuse = async (reason: string, accessionNumber = 'unknown') => {
        await audit(
          context,
          'external',
          'image-viewer.direct-refused',
          { accessionNumber },
          { ...who, reason },
        );
        return new UserNotHaveAccessToImagesError('You do not have access to these images.');
      };
      if (!config.directAccessEmailDomains.includes(domain)) throw await refuse('domain');
      if (!pacs) throw await refuse('no-pacs');
      let study: { accessionNumber: string; studyInstanceUid: string } | null;
      if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(request.input)) {
        const check = await checkImageViewerToken(deps.key, request.input, clock.now());
        if (check.kind !== 'VALID') throw await refuse(check.kind.toLowerCase());
        // A patient's own link is theirs: it is not a way in for anyone else.
        if (check.claims.audience === 'PATIENT') {
          throw await refuse('patient-link', check.claims.accessionNumber);
        }
        study = check.claims;
      } else {
        const accessionNumber = request.input.trim();
        study = accessionNumber.length <= 64 ? await findStudy(accessionNumber) : null;
        if (!study) throw await refuse('no-study', accessionNumber.slice(0, 64));
      }
      const { token, claims } = await issue(study, 'EXTERNAL');
      await audit(context, 'external', 'image-viewer.direct', claims, who);
      return { url: reportUrl(token, undefined) };
    },

    /** GET /api/image_viewer/study: the token's study, its series and instances. */
    async study(token: string | undefined, context: RequestContext): Promise<ImageViewerStudy> {
      const claims = await validClaims(token);
      const study = await studyOf(claims);
      await audit(context, 'public', 'image-viewer.study-read', claims, {
        series: study.series.length,
      });
      return study;
    },

    /**
     * A rendered frame of the token's study: the study, series, instance and frame number
     * must be in its listing, or the answer is 404 and the PACS is not asked.
     */
    async frame(
      token: string | undefined,
      path: { study: string; series: string; instance: string; frame: number },
      options: { accept: 'image/jpeg' | 'image/png'; window?: { center: number; width: number } },
    ): Promise<{ image: PacsImage; maxAgeSeconds: number }> {
      const claims = await validClaims(token);
      if (path.study !== claims.studyInstanceUid) {
        throw new ImageStudyNotFoundError('This link does not reach that study.');
      }
      const study = await studyOf(claims);
      const instance = study.series
        .find((series) => series.seriesInstanceUid === path.series)
        ?.instances.find((one) => one.sopInstanceUid === path.instance);
      if (!instance || path.frame < 1 || path.frame > instance.frames) {
        throw new ImageStudyNotFoundError('This study has no such image.');
      }
      const image = await (pacs as PacsClient).renderedFrame(path, options);
      const left = Math.floor((claims.expiresAt.getTime() - clock.now().getTime()) / 1000);
      return { image, maxAgeSeconds: Math.max(0, Math.min(maxCacheSeconds, left)) };
    },
  };
}

export type ImageViewerService = ReturnType<typeof createImageViewerService>;
