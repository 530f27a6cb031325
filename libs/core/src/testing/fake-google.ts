import { createHash, generateKeyPair, KeyObject, randomBytes, sign } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeNow, listenOnLoopback, readBody } from './loopback-server';

/** What Google's OpenID Connect userinfo endpoint answers (the fields passport-google-oauth20 reads). */
export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name?: string;
  picture: string;
}

export interface FakeGoogleOptions {
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; the authorization and token endpoints refuse any other. */
  redirectUris?: string[];
  /** Profile of the account that "signs in" at the next authorization (see setProfile). */
  profile?: Partial<FakeGoogleProfile>;
}

/** One authorization request as the fake received it (for assertions). */
export interface RecordedAuthorization {
  query: Record<string, string>;
}

/** One token request as the fake received it (for assertions). */
export interface RecordedTokenRequest {
  body: Record<string, string>;
  clientAuth: 'client_secret_post' | 'client_secret_basic' | 'none';
}

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string[];
  nonce?: string;
  profile: FakeGoogleProfile;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_SECONDS = 3599;
const SCOPE_URLS: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, speaking their wire format,
 * so the real passport-google-oauth20 strategy runs the whole authorization-code flow with PKCE:
 *
 * - GET  /o/oauth2/v2/auth     checks client_id, redirect_uri, response_type=code, state and an S256
 *                              code_challenge, then redirects to redirect_uri?code=…&state=… (or
 *                              error=access_denied when `consent` is 'deny').
 * - POST /token                form-encoded grant_type=authorization_code, code, redirect_uri,
 *                              code_verifier; client credentials in the body or as HTTP Basic. Codes
 *                              are one-time and bound to the client, the redirect URI and the challenge.
 * - GET  /oauth2/v3/userinfo   `Authorization: Bearer <token>` → {sub, name, given_name, email, …}.
 * - GET  /oauth2/v3/certs      the JWKS that verifies the RS256 id_token.
 *
 * Nothing here is shared between instances: start one per test file.
 */
export class FakeGoogle {
  readonly clientId: string;
  readonly clientSecret: string;
  /** 'deny' makes the next authorizations redirect back with error=access_denied. */
  consent: 'allow' | 'deny' = 'allow';
  /** Accept the access token as ?access_token= on userinfo as well (Google does; RFC 6750 discourages it). */
  acceptQueryAccessToken = false;
  readonly authorizations: RecordedAuthorization[] = [];
  readonly tokenRequests: RecordedTokenRequest[] = [];

  private server?: Server;
  private baseUrl?: string;
  private currentProfile: FakeGoogleProfile;
  private readonly redirectUris?: string[];
  private readonly codes = new Map<string, CodeGrant>();
  private readonly accessTokens = new Map<string, { profile: FakeGoogleProfile; scope: string[]; expiresAt: number }>();
  private signingKey?: { privateKey: KeyObject; publicKey: KeyObject; kid: string };

  constructor(options: FakeGoogleOptions = {}) {
    this.clientId = options.clientId ?? `fake-client-${randomBytes(4).toString('hex')}.apps.googleusercontent.com`;
    this.clientSecret = options.clientSecret ?? `GOCSPX-${randomBytes(12).toString('base64url')}`;
    this.redirectUris = options.redirectUris;
    this.currentProfile = FakeGoogle.makeProfile(options.profile);
  }

  /** A complete profile with a fresh `sub` and email unless given. */
  static makeProfile(overrides: Partial<FakeGoogleProfile> = {}): FakeGoogleProfile {
    const sub = overrides.sub ?? `1${Array.from(randomBytes(20), (b) => b % 10).join('')}`;
    const given = overrides.given_name ?? 'Grace';
    return {
      sub,
      email: `google-${sub.slice(-8)}@gmail.example`,
      email_verified: true,
      name: `${given} Hopper`,
      given_name: given,
      family_name: 'Hopper',
      picture: `https://lh3.googleusercontent.example/a/${sub}=s96-c`,
      ...overrides,
    };
  }

  /** The account that signs in at the next authorization; missing fields are generated. */
  setProfile(profile: Partial<FakeGoogleProfile>): FakeGoogleProfile {
    this.currentProfile = FakeGoogle.makeProfile(profile);
    return this.currentProfile;
  }

  get profile(): FakeGoogleProfile {
    return this.currentProfile;
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await new Promise<{ privateKey: KeyObject; publicKey: KeyObject }>((resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048 }, (err, publicKey, privateKey) => (err ? reject(err) : resolve({ privateKey, publicKey }))),
    );
    this.signingKey = { privateKey, publicKey, kid: randomBytes(8).toString('hex') };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, { error: 'internal_failure', error_description: String(error) }));
    });
    this.baseUrl = await listenOnLoopback(this.server);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await closeNow(server);
  }

  get url(): string {
    if (!this.baseUrl) throw new Error('FakeGoogle is not started');
    return this.baseUrl;
  }

  get authorizationUrl(): string {
    return `${this.url}/o/oauth2/v2/auth`;
  }

  get tokenUrl(): string {
    return `${this.url}/token`;
  }

  /** Ends in /userinfo, so passport-google-oauth20 parses the answer as an OpenID profile. */
  get userinfoUrl(): string {
    return `${this.url}/oauth2/v3/userinfo`;
  }

  get jwksUrl(): string {
    return `${this.url}/oauth2/v3/certs`;
  }

  /** The environment that points the app's Google strategy at this server. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_AUTH_URL: this.authorizationUrl,
      GOOGLE_TOKEN_URL: this.tokenUrl,
      GOOGLE_USERINFO_URL: this.userinfoUrl,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(req, res);
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/userinfo') return this.userinfo(req, url, res);
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') return json(res, 200, { keys: [this.jwk()] });
    json(res, 404, { error: 'not_found' });
  }

  /** Google shows an error page (no redirect) when the client or redirect URI is wrong. */
  private authorize(url: URL, res: ServerResponse): void {
    const query = Object.fromEntries(url.searchParams);
    this.authorizations.push({ query });
    const { client_id, redirect_uri, response_type, state, code_challenge, code_challenge_method, scope = '', nonce } = query;
    if (client_id !== this.clientId) return errorPage(res, 401, 'invalid_client', 'The OAuth client was not found.');
    if (!redirect_uri || !this.redirectAllowed(redirect_uri)) return errorPage(res, 400, 'redirect_uri_mismatch', `redirect_uri ${redirect_uri ?? '(missing)'} is not registered`);
    if (response_type !== 'code') return errorPage(res, 400, 'invalid_request', `Unsupported response_type: ${response_type ?? '(missing)'}`);
    if (!state) return errorPage(res, 400, 'invalid_request', 'Missing required parameter: state');
    if (!code_challenge || code_challenge_method !== 'S256') return errorPage(res, 400, 'invalid_request', 'code_challenge with code_challenge_method=S256 is required');
    if (!/^[A-Za-z0-9_-]{43}$/.test(code_challenge)) return errorPage(res, 400, 'invalid_request', 'Invalid code_challenge');
    const scopes = scope.split(/\s+/).filter(Boolean);
    if (scopes.length === 0) return errorPage(res, 400, 'invalid_request', 'Missing required parameter: scope');

    const back = new URL(redirect_uri);
    if (this.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/0${randomBytes(32).toString('base64url')}`;
      this.codes.set(code, {
        clientId: client_id,
        redirectUri: redirect_uri,
        codeChallenge: code_challenge,
        scope: scopes,
        nonce,
        profile: { ...this.currentProfile },
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', googleScope(scopes));
    }
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString(), 'cache-control': 'no-store' }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return json(res, 400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' });
    }
    const body = Object.fromEntries(new URLSearchParams((await readBody(req)).toString('utf8')));
    const basic = parseBasicAuth(req.headers.authorization);
    this.tokenRequests.push({ body, clientAuth: basic ? 'client_secret_basic' : body.client_secret ? 'client_secret_post' : 'none' });

    const clientId = basic?.id ?? body.client_id;
    const clientSecret = basic?.secret ?? body.client_secret;
    if (clientId !== this.clientId || clientSecret !== this.clientSecret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    if (body.grant_type !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' + (body.grant_type ?? '') });
    const grant = body.code ? this.codes.get(body.code) : undefined;
    // A code is usable once, whatever happens next.
    if (body.code) this.codes.delete(body.code);
    if (!grant || grant.expiresAt < Date.now() || grant.clientId !== clientId) return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    if (body.redirect_uri !== grant.redirectUri) return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
    if (!body.code_verifier) return json(res, 400, { error: 'invalid_request', error_description: 'Missing code verifier.' });
    if (createHash('sha256').update(body.code_verifier).digest('base64url') !== grant.codeChallenge) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    }

    const accessToken = `ya29.${randomBytes(32).toString('base64url')}`;
    this.accessTokens.set(accessToken, { profile: grant.profile, scope: grant.scope, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: TOKEN_TTL_SECONDS,
      scope: googleScope(grant.scope),
      token_type: 'Bearer',
    };
    if (grant.scope.includes('openid')) answer.id_token = this.idToken(grant);
    json(res, 200, answer);
  }

  private userinfo(req: IncomingMessage, url: URL, res: ServerResponse): void {
    const header = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = header ?? (this.acceptQueryAccessToken ? url.searchParams.get('access_token') ?? undefined : undefined);
    const grant = token ? this.accessTokens.get(token) : undefined;
    if (!grant || grant.expiresAt < Date.now()) {
      res.setHeader('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      return json(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    json(res, 200, claims(grant.profile, grant.scope));
  }

  private idToken(grant: CodeGrant): string {
    const key = this.signingKey!;
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: 'https://accounts.google.com',
      azp: grant.clientId,
      aud: grant.clientId,
      iat: now,
      exp: now + TOKEN_TTL_SECONDS,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...claims(grant.profile, grant.scope),
    };
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const input = `${encode({ alg: 'RS256', kid: key.kid, typ: 'JWT' })}.${encode(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
  }

  private jwk(): Record<string, unknown> {
    const key = this.signingKey!;
    return { ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'RS256', use: 'sig' };
  }

  private redirectAllowed(uri: string): boolean {
    if (this.redirectUris) return this.redirectUris.includes(uri);
    try {
      return ['http:', 'https:'].includes(new URL(uri).protocol);
    } catch {
      return false;
    }
  }
}

/** The claims the userinfo endpoint and id_token carry for the granted scopes. */
function claims(profile: FakeGoogleProfile, scope: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { sub: profile.sub };
  if (scope.includes('profile')) {
    Object.assign(out, { name: profile.name, given_name: profile.given_name, picture: profile.picture });
    if (profile.family_name) out.family_name = profile.family_name;
  }
  if (scope.includes('email')) Object.assign(out, { email: profile.email, email_verified: profile.email_verified });
  return out;
}

const googleScope = (scopes: string[]) => scopes.map((s) => SCOPE_URLS[s] ?? s).join(' ');

function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function errorPage(res: ServerResponse, status: number, error: string, description: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><title>Error ${status}: ${error}</title><h1>Error ${status}: ${error}</h1><p>${escapeHtml(description)}</p>`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
