import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests (DESIGN.md: `oidc-provider` in-process on a
 * loopback port): discovery, JWKS, Authorization Code + PKCE for one public client,
 * `prompt=none` answering `login_required` without a session, and a tiny login page
 * (`/interaction/{uid}`: a username and a Sign in button) a test or a browser completes.
 */
export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  /** Builds the provider with the client's redirect URIs (known once the portal listens). */
  configure(redirectUris: string[]): void;
  /** Runs the whole code flow over HTTP as `username` and returns the ID token. */
  idTokenFor(options: { nonce?: string; username?: string; redirectUri?: string }): Promise<string>;
  /** Signs claims with the provider's own key (valid signature, any claims). */
  sign(claims: JWTPayload, options?: { otherKey?: boolean; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

export const testClientId = 'portal-test-client';
/**
 * A user with an organization and the demo's `clinic-staff` role (config/role-translations.json);
 * any other username signs in as a referrer without either.
 */
export const staffUsername = 'staff.lee';
export const staffRole = 'clinic-staff';
const organizations: Record<string, string> = { [staffUsername]: 'Example Radiology' };

const page = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${uid}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" value="${staffUsername}" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-signing-key';
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  void publicKey;

  let provider: Provider | undefined;
  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (!provider) {
      response.statusCode = 503;
      response.end('not configured');
      return;
    }
    const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '');
    if (!match) return provider.callback()(request, response);
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'GET') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(page(details.uid));
      return;
    }
    const username = (await formOf(request)).get('username')?.trim() || staffUsername;
    const grant = new provider.Grant({ accountId: username, clientId: testClientId });
    grant.addOIDCScope('openid profile email');
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: username }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  function configure(redirectUris: string[]) {
    const configuration: Configuration = {
      clients: [
        {
          client_id: testClientId,
          token_endpoint_auth_method: 'none',
          application_type: 'web',
          grant_types: ['authorization_code'],
          response_types: ['code'],
          redirect_uris: redirectUris,
        },
      ],
      jwks: { keys: [privateJwk] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      // Profile claims in the ID token itself, as Entra ID and Keycloak put them.
      conformIdTokenClaims: false,
      claims: {
        openid: ['sub'],
        profile: [
          'name',
          'given_name',
          'family_name',
          'preferred_username',
          'organization',
          'roles',
        ],
        email: ['email'],
      },
      clientBasedCORS: (_ctx, origin, client) =>
        client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      async findAccount(_ctx, id) {
        return {
          accountId: id,
          async claims() {
            return {
              sub: id,
              preferred_username: id,
              email: `${id}@clinic.test`,
              name: 'Jane Lee',
              given_name: 'Jane',
              family_name: 'Lee',
              ...(organizations[id] ? { organization: organizations[id], roles: [staffRole] } : {}),
            };
          },
        };
      },
    };
    provider = new Provider(issuer, configuration);
  }

  /** The code flow as a browser would run it, cookies kept by name. */
  async function idTokenFor(options: { nonce?: string; username?: string; redirectUri?: string }) {
    const redirectUri = options.redirectUri ?? 'http://127.0.0.1/sso/callback';
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, issuer), {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL('/auth', issuer);
    authorize.search = new URLSearchParams({
      client_id: testClientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state: randomBytes(8).toString('hex'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...(options.nonce ? { nonce: options.nonce } : {}),
    }).toString();
    let response = await go(authorize.href);
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect (${response.status}): ${await response.text()}`);
      if (location.startsWith(redirectUri)) {
        const code = new URL(location).searchParams.get('code');
        if (!code) throw new Error(`no code: ${location}`);
        const token = await go('/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: testClientId,
            code_verifier: verifier,
          }).toString(),
        });
        const body = (await token.json()) as { id_token?: string };
        if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
        return body.id_token;
      }
      response = location.startsWith('/interaction/')
        ? await go(location, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ username: options.username ?? staffUsername }).toString(),
          })
        : await go(location);
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    clientId: testClientId,
    configure,
    idTokenFor,
    async sign(claims, signOptions = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signOptions.kid ?? kid })
        .sign(signOptions.otherKey ? other.privateKey : privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
