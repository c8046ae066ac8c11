import {
  applicationAssetNameSchema,
  errorResponseSchema,
  translationDictionarySchema,
  translationsQuerySchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProviderAsset } from '../../config/provider-config.ts';
import { assetContentSecurityPolicy } from '../../plugins/content-security-policy.ts';
import type { TranslationsService } from './translations.service.ts';

export interface AssetsRouteDeps {
  translations: TranslationsService;
  images: Record<string, ProviderAsset>;
}

const errors = { 400: errorResponseSchema, 429: errorResponseSchema, 500: errorResponseSchema };

export function registerAssetsRoutes(
  app: FastifyInstance,
  { translations, images }: AssetsRouteDeps,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/assets/translations',
    {
      schema: {
        summary: 'Translation dictionary: bundled en-AU <- bundled locale <- provider overrides',
        tags: ['assets'],
        querystring: translationsQuerySchema,
        response: { 200: translationDictionarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const locale = translations.resolveLocale(request.query.lang);
      reply.header('cache-control', 'public, max-age=300').header('content-language', locale);
      return translations.dictionary(locale);
    },
  );

  routes.get(
    '/api/assets/application/:name',
    {
      schema: {
        summary: 'A provider image (favicon, headers, banner, background)',
        tags: ['assets'],
        params: z.object({ name: applicationAssetNameSchema }),
        response: {
          200: z.custom<Buffer>().describe('Image bytes: SVG, PNG, JPEG, WebP or ICO'),
          304: z.null().describe('Not modified'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const image = images[request.params.name];
      // Every name is validated and loaded at start; a gap here is a programming error.
      if (!image) throw new Error(`asset ${request.params.name} not loaded`);
      reply
        .header('cache-control', 'public, max-age=3600')
        .header('etag', image.etag)
        .header('content-security-policy', assetContentSecurityPolicy);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send(null);
      return reply.type(image.contentType).send(image.bytes);
    },
  );
}
