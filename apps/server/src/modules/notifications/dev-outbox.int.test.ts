import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertOutboxMessages } from './notifications.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  await insertOutboxMessages(
    testApp.database.db,
    [
      {
        channel: 'EMAIL',
        template: 'TEST',
        recipient: 'pat@example.org',
        subject: 'Hello <b>there</b>',
        bodyText: 'Body with <script>alert(1)</script>',
        bodyHtml: '<p>x</p>',
      },
      {
        channel: 'SMS',
        template: 'TEST',
        recipient: '0400000000',
        subject: null,
        bodyText: 'Text message',
        bodyHtml: null,
      },
    ],
    testApp.clock.now(),
  );
});
afterAll(() => testApp?.close());

it('GET /api/dev/outbox lists the latest messages', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=5' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const messages = response.json();
  expect(messages).toHaveLength(2);
  expect(messages.map((message: { channel: string }) => message.channel).sort()).toEqual([
    'EMAIL',
    'SMS',
  ]);
  const bad = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=0' });
  expect(bad.statusCode).toBe(400);
});

it('GET /dev/outbox renders an escaped HTML page', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/dev/outbox' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('Development outbox');
  expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(response.body).not.toContain('<script>');
  expect(response.body).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
});

it.each([
  ['real delivery is configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ['in production', { NODE_ENV: 'production' }],
])('does not exist when %s', async (_name, env) => {
  const real = await buildTestApp({ env });
  try {
    for (const url of ['/api/dev/outbox', '/dev/outbox']) {
      const response = await real.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  } finally {
    await real.close();
  }
});
