import swagger from '@fastify/swagger';
import { translationDictionarySchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface OpenApiOptions {
  title: string;
  version: string;
}

/**
 * Publishes the contract as OpenAPI at /api/openapi.json. Must be registered
 * before the modules: @fastify/swagger collects routes as they are added.
 */
export const openApiPlugin = fp<OpenApiOptions>(
  async (app: FastifyInstance, options) => {
    // A recursive schema can only be expressed as a named component ($ref).
    if (!z.globalRegistry.has(translationDictionarySchema)) {
      z.globalRegistry.add(translationDictionarySchema, { id: 'TranslationDictionary' });
    }
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: options.title,
          version: options.version,
          description:
            'Patient booking portal API. Errors always have the body { error: { code, message, requestId, fields? } }.',
        },
        tags: [
          { name: 'config', description: 'Provider configuration' },
          { name: 'assets', description: 'Translations and provider images' },
          { name: 'account', description: 'The signed-in staff member' },
          { name: 'health', description: 'Liveness and readiness' },
          {
            name: 'call centre',
            description:
              "Patients' messages and callback requests (docs/product/contact-the-clinic.md)",
          },
          {
            name: 'integration',
            description: "The provider's own systems (docs/product/integration.md)",
          },
        ],
        components: {
          securitySchemes: {
            providerApiKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A provider API key (pk_...), created with `npm run api-key -- create <name>`',
            },
            imageViewerToken: {
              type: 'http',
              scheme: 'bearer',
              description: "An image viewer link's token (imsec): one study, until it expires",
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.after(() => {
      app.withTypeProvider<ZodTypeProvider>().get(
        '/api/openapi.json',
        {
          schema: {
            summary: 'This OpenAPI document',
            tags: ['health'],
            response: { 200: z.record(z.string(), z.unknown()) },
          },
        },
        async (_request, reply) => {
          reply.header('cache-control', 'no-cache');
          return app.swagger() as unknown as Record<string, unknown>;
        },
      );
    });
  },
  { name: 'openapi' },
);
