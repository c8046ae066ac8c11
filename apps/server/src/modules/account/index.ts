import type { FastifyInstance } from 'fastify';
import { staffOf } from '../sso/index.ts';
import { registerAccountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

/** GET /api/account: the staff session of single sign-on (registered after the sso module). */
export async function accountModule(app: FastifyInstance): Promise<void> {
  registerAccountRoutes(app, (request) =>
    createAccountService({ staff: async () => (await staffOf(request))?.user }),
  );
}
