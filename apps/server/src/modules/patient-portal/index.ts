import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { registerPatientPortalRoutes } from './patient-portal.routes.ts';
import { createPatientPortalService } from './patient-portal.service.ts';

/**
 * What a signed-in patient sees of their booking: /api/secured/appointments/{key}
 * and /api/secured/booking_requests/{key}. Register after the access module,
 * whose guard and session these routes rely on.
 */
export async function patientPortalModule(
  app: FastifyInstance,
  deps: { db: Kysely<Database> },
): Promise<void> {
  registerPatientPortalRoutes(app, createPatientPortalService(deps));
}
