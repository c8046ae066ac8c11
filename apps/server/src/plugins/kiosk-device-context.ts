import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type KioskDevice, kioskDeviceOf, runWithKioskDevice } from '../modules/audit/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The kiosk the request came from (its identity cookies), or null. */
    kioskDevice: KioskDevice | null;
  }
}

/**
 * Names the kiosk device on every request that carries its identity cookies, and runs the rest
 * of the request in its context so each audit event it writes names the device
 * (docs/product/security.md#kiosk-devices). Registered after the cookie parser. The hook takes
 * a callback: AsyncLocalStorage.run must wrap the rest of the request's chain.
 */
export const kioskDeviceContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('kioskDevice', null);
    app.addHook('onRequest', (request, _reply, done) => {
      const device = kioskDeviceOf(request.cookies);
      if (!device) {
        done();
        return;
      }
      request.kioskDevice = device;
      runWithKioskDevice(device, () => done());
    });
  },
  { name: 'kiosk-device-context', dependencies: ['authentication'] },
);
