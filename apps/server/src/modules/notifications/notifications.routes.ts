import {
  type DevOutboxMessage,
  devOutboxQuerySchema,
  devOutboxResponseSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../domain-error.ts';
import { escapeHtml } from '../../escape-html.ts';
import type { OutboxMessageRow } from './notifications.repository.ts';

export interface DevOutboxReader {
  /** False when real delivery is configured: the outbox page and API do not exist then. */
  enabled: boolean;
  latest(limit: number): Promise<OutboxMessageRow[]>;
}

const toDto = (message: OutboxMessageRow): DevOutboxMessage => ({
  id: message.id,
  channel: message.channel,
  template: message.template,
  recipient: message.recipient,
  subject: message.subject,
  bodyText: message.bodyText,
  bodyHtml: message.bodyHtml,
  status: message.status,
  attempts: message.attempts,
  createdAt: message.createdAt.toISOString(),
  sentAt: message.sentAt ? message.sentAt.toISOString() : null,
});

/** The development outbox as a plain page: every value escaped, bodies shown as text. */
export function renderOutboxPage(messages: OutboxMessageRow[]): string {
  const items = messages
    .map(
      (message) => `<article>
<h2>${escapeHtml(message.channel)} to ${escapeHtml(message.recipient)}</h2>
<p>${escapeHtml(message.createdAt.toISOString())} · ${escapeHtml(message.status)} · ${escapeHtml(message.template)}</p>
${message.subject ? `<p><strong>${escapeHtml(message.subject)}</strong></p>` : ''}
<pre>${escapeHtml(message.bodyText)}</pre>
</article>`,
    )
    .join('\n<hr>\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Development outbox</title></head>
<body>
<h1>Development outbox</h1>
<p>Messages that would have been e-mailed or texted (no SMTP_URL or SMS gateway is configured), and check-in events for the provider's webhook (no CHECK_IN_WEBHOOK_URL). Newest first.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}

export function registerNotificationRoutes(app: FastifyInstance, outbox: DevOutboxReader): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const notFound = () =>
    new NotFoundError('The development outbox is off because real delivery is configured.');

  routes.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Development outbox: latest messages (only while no real delivery is configured)',
        tags: ['development'],
        querystring: devOutboxQuerySchema,
        response: {
          200: devOutboxResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!outbox.enabled) throw notFound();
      reply.header('cache-control', 'no-store');
      return (await outbox.latest(request.query.limit)).map(toDto);
    },
  );

  routes.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: devOutboxQuerySchema } },
    async (request, reply) => {
      if (!outbox.enabled) throw notFound();
      reply.header('cache-control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(renderOutboxPage(await outbox.latest(request.query.limit)));
    },
  );
}
