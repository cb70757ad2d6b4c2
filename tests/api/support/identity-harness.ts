// Drives the embedded identity provider as a browser and an SPA would: cookies, redirects, the login form,
// PKCE, the token endpoint. Plain fetch against the app listening on 127.0.0.1.
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { expect } from 'vitest';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig, type Config } from '../../../server/src/config.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { migrate } from '../../../server/src/db/migrate.ts';
import { seedDemoOrganisation, type DemoOrganisation } from '../../../server/src/demo/organisation.ts';
import { seedDemoUsers } from '../../../server/src/demo/users.ts';
import { loadSigningKey } from '../../../server/src/identity/keys.ts';
import { TEST_PASSWORD_HASH_COST } from './app.ts';
import type { OpenDatabase } from './databases.ts';

export const DEMO_PASSWORD = 'Demo-password-2026';

export interface TestDatabase {
  readonly db: Database;
  readonly organisation: DemoOrganisation;
  close(): Promise<void>;
}

/** A database from forEachDatabase, migrated, with the demo organisation and the demo users. */
export async function openTestDatabase(open: OpenDatabase): Promise<TestDatabase> {
  const db = await open();
  await migrate(db);
  const organisation = await seedDemoOrganisation(db);
  await seedDemoUsers(db, { password: DEMO_PASSWORD, organisation });
  return { db, organisation, close: () => db.close() };
}

export function identityTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: 'https://localhost:8443',
    TLS: 'off',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DEMO_PASSWORD,
    SPA_DIR: '/nonexistent-spa-dir',
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    ...env,
  });
}

export interface RunningApp {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startApp(config: Config, db: Database): Promise<RunningApp> {
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A browser's cookie jar and redirect handling, enough for the provider's pages. */
export class Browser {
  readonly #cookies = new Map<string, string>();
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#cookies.size > 0) {
      headers.set('cookie', [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(new URL(url, this.baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.split('=');
        return key.trim().toLowerCase() === 'expires' && Date.parse(date) <= Date.now();
      });
      if (value === '' || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects from `url` until an answer that is not a redirect, or a redirect to `stopAt`. */
  async follow(url: string, stopAt?: string): Promise<{ response: Response; url: string }> {
    let current = new URL(url, this.baseUrl).href;
    for (let hops = 0; hops < 20; hops += 1) {
      const response = await this.get(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null)
        return { response, url: current };
      const next = new URL(location, current).href;
      if (stopAt !== undefined && next.startsWith(stopAt)) return { response, url: next };
      current = next;
    }
    throw new Error(`Too many redirects from ${url}`);
  }
}

export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  readonly scope?: string;
  readonly prompt?: string;
  readonly pkce?: Pkce;
}

/** The authorization request an SPA (MSAL) sends: code + PKCE S256, openid profile offline_access + the API scope. */
export function authorizeUrl(config: Config, pkce: Pkce, options: AuthorizeOptions = {}): string {
  const params = new URLSearchParams({
    client_id: config.identity.clientId,
    response_type: 'code',
    redirect_uri: config.identity.redirectUris[0] ?? '',
    scope: options.scope ?? `openid profile offline_access ${config.identity.apiScope}`,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
  });
  return `/oidc/auth?${params.toString()}`;
}

/** The action of the page's form. */
export function formAction(html: string): string {
  const action = /<form\b[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`No form on the page:\n${html}`);
  return action.replaceAll('&amp;', '&');
}

export interface TokenSet {
  readonly access_token: string;
  readonly id_token: string;
  readonly refresh_token?: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly scope: string;
}

export async function exchangeCode(
  browser: Browser,
  config: Config,
  redirectedTo: string,
  pkce: Pkce,
): Promise<TokenSet> {
  const code = new URL(redirectedTo).searchParams.get('code');
  expect(code, `no code in ${redirectedTo}`).toBeTruthy();
  const response = await browser.postForm('/oidc/token', {
    grant_type: 'authorization_code',
    code: code ?? '',
    redirect_uri: config.identity.redirectUris[0] ?? '',
    client_id: config.identity.clientId,
    code_verifier: pkce.verifier,
  });
  const body = (await response.json()) as TokenSet;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function refresh(browser: Browser, config: Config, refreshToken: string): Promise<Response> {
  return browser.postForm('/oidc/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: config.identity.clientId,
    scope: `openid profile offline_access ${config.identity.apiScope}`,
  });
}

/** Starts an authorization request and lands on the login page; answers the page and its form action. */
export async function openLoginPage(
  browser: Browser,
  config: Config,
  pkce: Pkce,
  options: AuthorizeOptions = {},
): Promise<{ html: string; action: string }> {
  const { response } = await browser.follow(authorizeUrl(config, pkce, options));
  const html = await response.text();
  expect(response.status, html).toBe(200);
  return { html, action: formAction(html) };
}

/** The whole sign-in: authorize, the login form, auto-consent, the code, the token endpoint. */
export async function signIn(
  browser: Browser,
  config: Config,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<TokenSet> {
  const pkce = createPkce();
  const { action } = await openLoginPage(browser, config, pkce);
  const posted = await browser.postForm(action, { email, password });
  expect(posted.status, await posted.clone().text()).toBe(303);
  const redirectUri = config.identity.redirectUris[0] ?? '';
  const { url } = await browser.follow(posted.headers.get('location') ?? '', redirectUri);
  expect(url.startsWith(redirectUri), url).toBe(true);
  return exchangeCode(browser, config, url, pkce);
}

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header = '', payload = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

/** An access token as our provider would issue it to `sub` with `roles`, signed with the persisted key. */
export async function accessTokenFor(
  db: Database,
  config: Config,
  sub: string,
  roles: readonly string[],
): Promise<string> {
  const key = await loadSigningKey(db);
  return new SignJWT({
    roles: [...roles],
    scope: config.identity.apiScope,
    client_id: config.identity.clientId,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid ?? '' })
    .setSubject(sub)
    .setIssuer(config.identity.issuer)
    .setAudience(config.identity.apiAudience)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(key, 'RS256'));
}
