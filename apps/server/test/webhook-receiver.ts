import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, with whether its signature verified. */
export interface ReceivedEvent {
  eventId: string;
  eventType: string;
  timestamp: string;
  signatureValid: boolean;
  body: string;
}

/**
 * A real HTTP receiver on a loopback port, verifying each request as a provider would
 * (docs/product/check-in.md#verifying-a-delivery). It answers the queued statuses in turn
 * (then 200), or holds a request open without answering when told to.
 */
export async function startWebhookReceiver(secret: string) {
  const received: ReceivedEvent[] = [];
  const statuses: Array<number | 'hold'> = [];
  const held: ServerResponse[] = [];
  let waiting: Array<{ count: number; resolve: () => void }> = [];

  const verify = (request: IncomingMessage, body: string) => {
    const timestamp = String(request.headers['x-portal-timestamp'] ?? '');
    const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const given = Buffer.from(String(request.headers['x-portal-signature'] ?? ''));
    return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        eventId: String(request.headers['x-portal-event-id'] ?? ''),
        eventType: String(request.headers['x-portal-event-type'] ?? ''),
        timestamp: String(request.headers['x-portal-timestamp'] ?? ''),
        signatureValid: verify(request, body),
        body,
      });
      waiting = waiting.filter((waiter) => {
        if (received.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      const status = statuses.shift() ?? 200;
      if (status === 'hold') {
        held.push(response);
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks/check-ins`,
    received,
    /** The next requests are answered with these statuses ('hold': never answered). */
    answer(...next: Array<number | 'hold'>) {
      statuses.push(...next);
    },
    /** Resolves once `count` requests have arrived in all. */
    requests(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
