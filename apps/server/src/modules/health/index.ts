import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { pingDatabase } from './health.repository.ts';
import { registerHealthRoutes } from './health.routes.ts';
import { createHealthService } from './health.service.ts';

/** GET /healthz (liveness) and /readyz (database readiness). */
export async function healthModule(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  registerHealthRoutes(app, createHealthService({ pingDatabase: () => pingDatabase(db) }));
}
