import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertCheckInDelivery, developmentSessionSecret, EnvError, loadEnv } from './env.ts';
import { repoRoot } from './paths.ts';

describe('loadEnv', () => {
  it('has defaults for the embedded demo setup', () => {
    const env = loadEnv({}, '/somewhere');
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(repoRoot, 'data'),
      configDir: join(repoRoot, 'config'),
      webDistDir: join(repoRoot, 'apps/web/dist'),
      databaseUrl: null,
      databasePoolMax: 10,
      demo: true,
      production: false,
      activeProfiles: ['dev', 'demo'],
      readOnly: false,
      trustProxy: false,
      frameAncestors: [],
      rateLimitMax: 300,
    });
  });

  it('turns demo mode off by default when DATABASE_URL is set', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://u@db:5432/portal' });
    expect(env.databaseUrl).toBe('postgres://u@db:5432/portal');
    expect(env.demo).toBe(false);
    expect(env.activeProfiles).toEqual(['dev']);
    expect(loadEnv({ DATABASE_URL: 'postgresql://db/p', DEMO: 'true' }).demo).toBe(true);
  });

  it('takes the PostgreSQL pool size as a whole number of at least one', () => {
    expect(loadEnv({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
    expect(() => loadEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadEnv({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('resolves relative paths against the directory npm was started in (INIT_CWD)', () => {
    const env = loadEnv({
      DATA_DIR: 'my-data',
      CONFIG_DIR: '../cfg',
      INIT_CWD: '/home/ann/portal',
    });
    expect(env.dataDir).toBe('/home/ann/portal/my-data');
    expect(env.configDir).toBe('/home/ann/cfg');
    expect(loadEnv({ DATA_DIR: '/abs/data' }, '/x').dataDir).toBe('/abs/data');
    expect(loadEnv({ DATA_DIR: 'rel' }, '/cwd').dataDir).toBe('/cwd/rel');
  });

  it('parses booleans, lists and proxies', () => {
    const env = loadEnv({
      READ_ONLY: 'yes',
      DEMO: '0',
      PORTAL_PROFILES: 'staging, eu',
      FRAME_ANCESTORS: 'https://a.example https://*.b.example:8443',
      TRUST_PROXY: '2',
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
    expect(env.readOnly).toBe(true);
    expect(env.demo).toBe(false);
    expect(env.activeProfiles).toEqual(['staging', 'eu']);
    expect(env.frameAncestors).toEqual(['https://a.example', 'https://*.b.example:8443']);
    expect(env.trustProxy).toBe(2);
    expect(env.production).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty"'],
    [{ PORT: '70000' }, 'PORT="70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x": must be a postgres://'],
    [{ DEMO: 'maybe' }, 'DEMO="maybe": must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL="loud"'],
    [{ FRAME_ANCESTORS: 'javascript:alert(1)' }, 'FRAME_ANCESTORS='],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV="prod"'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL="http://mail": must be an smtp://'],
    [
      { SMS_GATEWAY_URL: 'sms.example/send' },
      'SMS_GATEWAY_URL="sms.example/send": must be an http',
    ],
    [{ SMS_GATEWAY_TOKEN: 'short' }, 'SMS_GATEWAY_TOKEN="short": must be at least 8'],
    [{ PUBLIC_URL: 'portal.example' }, 'PUBLIC_URL="portal.example"'],
    [{ UPLOAD_MAX_BYTES: '10' }, 'UPLOAD_MAX_BYTES="10"'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET="short": must be at least 32'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET="": is required when NODE_ENV=production'],
    [{ STORAGE: 'ftp' }, 'STORAGE="ftp"'],
    [
      { STORAGE: 's3' },
      /S3_BUCKET="": is required when STORAGE=s3\n.*S3_ACCESS_KEY_ID="".*\n.*S3_SECRET_ACCESS_KEY=""/,
    ],
    [
      { STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' },
      'S3_SECRET_ACCESS_KEY="": is required when STORAGE=s3',
    ],
    [{ S3_BUCKET: 'Uploads_Bucket' }, 'S3_BUCKET="Uploads_Bucket": must be an S3 bucket name'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT="minio:9000": must be an http'],
    [{ S3_ENDPOINT: 'http://minio:9000/bucket' }, 'S3_ENDPOINT="http://minio:9000/bucket"'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE="sometimes": must be true'],
  ])('rejects %o with a message naming the variable', (source, expected) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(expected);
  });

  it('parses mail, link and upload settings', () => {
    expect(loadEnv({})).toMatchObject({
      smtpUrl: null,
      publicUrl: 'http://localhost:3000',
      uploadMaxBytes: 10 * 1024 * 1024,
    });
    expect(
      loadEnv({
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        MAIL_FROM: 'Clinic <no-reply@clinic.example>',
        PUBLIC_URL: 'https://book.clinic.example/',
        UPLOAD_MAX_BYTES: '2048',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Clinic <no-reply@clinic.example>',
      publicUrl: 'https://book.clinic.example',
      uploadMaxBytes: 2048,
    });
  });

  it('parses the SMS gateway, absent by default', () => {
    expect(loadEnv({})).toMatchObject({ smsGatewayUrl: null, smsGatewayToken: null });
    expect(
      loadEnv({
        SMS_GATEWAY_URL: 'https://sms.example/v1/messages',
        SMS_GATEWAY_TOKEN: 'token-1234567890',
      }),
    ).toMatchObject({
      smsGatewayUrl: 'https://sms.example/v1/messages',
      smsGatewayToken: 'token-1234567890',
    });
  });

  it('parses the PACS: absent by default, basic auth both or neither, a timeout', () => {
    expect(loadEnv({}).pacs).toBeNull();
    expect(
      loadEnv({
        PACS_DICOMWEB_URL: 'http://127.0.0.1:8042/dicom-web/',
        PACS_USERNAME: 'portal',
        PACS_PASSWORD: 'secret',
        PACS_TIMEOUT_MS: '2500',
      }).pacs,
    ).toEqual({
      url: 'http://127.0.0.1:8042/dicom-web',
      username: 'portal',
      password: 'secret',
      timeoutMs: 2500,
    });
    expect(loadEnv({ PACS_DICOMWEB_URL: 'https://pacs.example/dicom-web' }).pacs).toMatchObject({
      username: null,
      timeoutMs: 10_000,
    });
    expect(() => loadEnv({ PACS_USERNAME: 'portal' })).toThrow(/PACS_USERNAME, PACS_PASSWORD/);
    expect(() => loadEnv({ PACS_DICOMWEB_URL: 'ftp://pacs.example' })).toThrow(EnvError);
    expect(() => loadEnv({ PACS_TIMEOUT_MS: '5' })).toThrow(/PACS_TIMEOUT_MS/);
  });

  it('parses the check-in webhook: absent by default, its secret required, production needs it', () => {
    expect(loadEnv({}).checkInWebhook).toBeNull();
    const secret = 's'.repeat(32);
    expect(
      loadEnv({
        CHECK_IN_WEBHOOK_URL: 'https://ris.example/hooks',
        CHECK_IN_WEBHOOK_SECRET: secret,
      }).checkInWebhook,
    ).toEqual({ url: 'https://ris.example/hooks', secret });
    expect(() => loadEnv({ CHECK_IN_WEBHOOK_URL: 'https://ris.example/hooks' })).toThrow(
      /CHECK_IN_WEBHOOK_SECRET="": is required when CHECK_IN_WEBHOOK_URL is set/,
    );
    expect(() => loadEnv({ CHECK_IN_WEBHOOK_URL: 'ris.example' })).toThrow(/must be an http/);
    expect(() => loadEnv({ CHECK_IN_WEBHOOK_SECRET: 'short' })).toThrow(/at least 32/);
    const production = loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(() => assertCheckInDelivery(production, true)).toThrow(
      /CHECK_IN_WEBHOOK_URL="": is required when NODE_ENV=production and checkIn.enabled/,
    );
    expect(() => assertCheckInDelivery(production, false)).not.toThrow();
    expect(() => assertCheckInDelivery(loadEnv({}), true)).not.toThrow();
  });

  it('keys sessions with SESSION_SECRET, or a fixed development key outside production', () => {
    expect(loadEnv({}).sessionSecret).toBe(developmentSessionSecret);
    const secret = 'x'.repeat(40);
    expect(loadEnv({ SESSION_SECRET: secret, CAPTCHA_SECRET: 'c' })).toMatchObject({
      sessionSecret: secret,
      captchaSecret: 'c',
    });
  });

  it('keeps uploads in DATA_DIR/files unless STORAGE=s3 names a bucket', () => {
    expect(loadEnv({}).storage).toEqual({ kind: 'local' });
    const s3 = {
      STORAGE: 's3',
      S3_BUCKET: 'portal-uploads',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+1',
    };
    // AWS itself: its own endpoint, virtual-hosted style.
    expect(loadEnv(s3).storage).toEqual({
      kind: 's3',
      bucket: 'portal-uploads',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/key+1',
      forcePathStyle: false,
    });
    // An S3-compatible store: path style unless told otherwise.
    const compatible = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:8080/', S3_REGION: 'eu-west-1' };
    expect(loadEnv(compatible).storage).toMatchObject({
      endpoint: 'http://127.0.0.1:8080',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(loadEnv({ ...compatible, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      forcePathStyle: false,
    });
    // S3 settings without STORAGE=s3 change nothing.
    expect(loadEnv({ S3_BUCKET: 'portal-uploads' }).storage).toEqual({ kind: 'local' });
  });

  it('reports every bad variable at once', () => {
    expect(() => loadEnv({ PORT: 'x', READ_ONLY: 'sometimes' })).toThrow(
      /PORT="x".*\n.*READ_ONLY="sometimes"/,
    );
  });
});
