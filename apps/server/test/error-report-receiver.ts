import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the collector got: what a Sentry server would store, raw and parsed. */
export interface ReceivedReport {
  method: string;
  /** Path and query (the public key travels in the query). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The envelope's third line, the event, when the body was an envelope. */
  event: Record<string, unknown> | null;
}

function eventOf(body: string): Record<string, unknown> | null {
  const lines = body.split('\n');
  try {
    const item = JSON.parse(lines[1] ?? '') as { type?: string };
    return item.type === 'event' ? (JSON.parse(lines[2] ?? '') as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A Sentry-compatible collector on a loopback port that records everything it receives (as
 * webhook-receiver.ts does for check-ins); its `dsn` goes into integration.json `sentryDSN`.
 * It answers browsers' preflights too, so a page on another origin can send to it.
 */
export async function startErrorReportReceiver() {
  const received: ReceivedReport[] = [];
  let waiting: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        event: eventOf(body),
      });
      waiting = waiting.filter((waiter) => {
        if (received.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** A DSN naming this collector: public key `publickey`, project 42. */
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    origin: `http://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` requests have arrived in all. */
    requests(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ErrorReportReceiver = Awaited<ReturnType<typeof startErrorReportReceiver>>;
