import type { FastifyInstance } from 'fastify';
import { registerAccountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

/** GET /api/account. */
export async function accountModule(app: FastifyInstance): Promise<void> {
  registerAccountRoutes(app, createAccountService());
}
