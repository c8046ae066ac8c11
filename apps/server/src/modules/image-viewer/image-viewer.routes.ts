import {
  errorResponseSchema,
  imageViewerDirectRequestSchema,
  imageViewerDirectResponseSchema,
  imageViewerGenerateQuerySchema,
  imageViewerQuerySchema,
  imageViewerRenderedQuerySchema,
  imageViewerReportSchema,
  imageViewerResponseSchema,
  imageViewerStudySchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { GenerateCaller, ImageViewerService } from './image-viewer.service.ts';
import type { QuickReportService } from './quick-report.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
  504: errorResponseSchema,
};
const tags = ['image-viewer'];
const bearer = [{ imageViewerToken: [] }];

/** Links are made and checked rarely; frames come in bursts as a viewer scrolls a series. */
const strict = (rateLimitMax: number) => ({
  rateLimit: { max: Math.max(10, Math.ceil(rateLimitMax / 10)), timeWindow: '1 minute' },
});
const frames = (rateLimitMax: number) => ({
  rateLimit: { max: rateLimitMax * 10, timeWindow: '1 minute' },
});

const tokenOf = (request: FastifyRequest) => {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  return match?.[1];
};

const frameParamsSchema = z.object({
  study: z.string().min(1).max(64),
  series: z.string().min(1).max(64),
  instance: z.string().min(1).max(64),
  frame: z.coerce.number().int().min(1).max(100_000),
});

/**
 * The image viewer's calls (docs/product/images.md). `caller` says who asks for a link: the
 * provider's key, a staff session or a patient's session (index.ts resolves them), else 401.
 */
export function registerImageViewerRoutes(
  app: FastifyInstance,
  deps: {
    service: ImageViewerService;
    quickReport: QuickReportService;
    caller(request: FastifyRequest): Promise<GenerateCaller>;
    rateLimitMax: number;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;

  routes.post(
    '/api/image_viewer/generate',
    {
      schema: {
        summary:
          "Make a viewer link for a study (empty body): a signed-in patient for their own released result (403 IMAGE_ACCESSION_FORBIDDEN otherwise); the provider's systems with their API key (Bearer) or a staff member or referrer signed in with single sign-on, a referrer's link for any study the PACS holds. url null when no PACS is configured; 404 IMAGE_STUDY_NOT_FOUND when the PACS has no such study",
        tags,
        querystring: imageViewerGenerateQuerySchema,
        response: { 200: imageViewerResponseSchema, ...errors },
      },
      config: strict(deps.rateLimitMax),
    },
    async (request, reply) => {
      const caller = await deps.caller(request);
      reply.header('cache-control', 'no-store');
      return service.generate(request.query, caller, requestContext(request));
    },
  );

  routes.get(
    '/api/image_viewer',
    {
      schema: {
        summary:
          'Check a viewer link (imsec): ACTIVE with its url, or EXPIRED with redirectUrl; preference PACS sends a referrer to pacsUrl. 400 IMAGE_VIEWER_TOKEN_INVALID (malformed), 403 IMAGE_VIEWER_TOKEN_FORBIDDEN (not ours)',
        tags,
        querystring: imageViewerQuerySchema,
        response: { 200: imageViewerResponseSchema, ...errors },
      },
      config: strict(deps.rateLimitMax),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.open(
        request.query.input,
        request.query.repositorySource,
        requestContext(request),
      );
    },
  );

  routes.post(
    '/api/image_viewer/direct',
    {
      schema: {
        summary:
          "An external radiologist's access (input: a referrer's link token or an accession number; username; email): a link of their own, or 403 USER_NOT_HAVE_ACCESS_TO_IMAGES. Audited with username and email",
        tags,
        body: imageViewerDirectRequestSchema,
        response: { 200: imageViewerDirectResponseSchema, ...errors },
      },
      config: strict(deps.rateLimitMax),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.direct(request.body, requestContext(request));
    },
  );

  routes.get(
    '/api/image_viewer/study',
    {
      schema: {
        summary:
          "The link's study for the embedded viewer (Authorization: Bearer {imsec}): series and instances sorted by number. 401 IMAGE_VIEWER_TOKEN_EXPIRED, 404 when the PACS no longer has it",
        tags,
        security: bearer,
        response: { 200: imageViewerStudySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.study(tokenOf(request), requestContext(request));
    },
  );

  routes.get(
    '/api/image_viewer/report',
    {
      schema: {
        summary:
          "The quick report (Authorization: Bearer {imsec} of a referrer's or external link): the released report of the link's study, or report null when none is released yet. 401 IMAGE_VIEWER_TOKEN_EXPIRED, 403 IMAGE_VIEWER_TOKEN_FORBIDDEN (forged, or a patient's link). Audited",
        tags,
        security: bearer,
        response: { 200: imageViewerReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.quickReport.report(tokenOf(request), requestContext(request));
    },
  );

  routes.get(
    '/api/image_viewer/dicomweb/studies/:study/series/:series/instances/:instance/frames/:frame/rendered',
    {
      schema: {
        summary:
          "A rendered frame of the link's study (Authorization: Bearer {imsec}), JPEG or (Accept: image/png) PNG, from the PACS's WADO-RS; window=center,width sets the window. 404 for anything outside the link's study, without asking the PACS",
        tags,
        security: bearer,
        params: frameParamsSchema,
        querystring: imageViewerRenderedQuerySchema,
        response: { 200: z.any().describe('image/jpeg or image/png'), ...errors },
      },
      config: frames(deps.rateLimitMax),
    },
    async (request, reply) => {
      const accept =
        /image\/png/.test(request.headers.accept ?? '') &&
        !/image\/jpeg/.test(request.headers.accept ?? '')
          ? 'image/png'
          : 'image/jpeg';
      const [center, width] = (request.query.window ?? '').split(',').map(Number);
      const window =
        center !== undefined &&
        width !== undefined &&
        Number.isFinite(center) &&
        Number.isFinite(width)
          ? { center, width }
          : undefined;
      const { image, maxAgeSeconds } = await service.frame(tokenOf(request), request.params, {
        accept,
        ...(window ? { window } : {}),
      });
      reply
        .type(image.contentType)
        .header('cache-control', `private, max-age=${maxAgeSeconds}`)
        .header('vary', 'authorization, accept');
      if (image.contentLength !== null) reply.header('content-length', image.contentLength);
      return reply.send(image.body);
    },
  );
}
