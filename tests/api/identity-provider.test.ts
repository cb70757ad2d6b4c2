import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_RULE, PAIR_RULE } from '../../server/src/identity/rate-limit.ts';

const PAIR_FREE = PAIR_RULE.freeAttempts;
const ADDRESS_FREE = ADDRESS_RULE.freeAttempts;
import { PASSWORD_RULE } from '../../server/src/auth/password-rule.ts';
import { identityTexts } from '../../server/src/identity/texts.ts';
import {
  Browser,
  createPkce,
  DEMO_PASSWORD,
  decodeJwt,
  exchangeCode,
  formAction,
  identityTestConfig,
  openLoginPage,
  openTestDatabase,
  refresh,
  signIn,
  startApp,
  type RunningApp,
  type TestDatabase,
  type TokenSet,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const config = identityTestConfig({ ACCESS_TOKEN_TTL_SECONDS: '900' });
const redirectUri = config.identity.redirectUris[0] ?? '';
forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openTestDatabase(open);
    running = await startApp(config, database.db);
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  beforeEach(async () => {
    await database.db.query('delete from sign_in_throttles');
  });

  function getMe(baseUrl: string, accessToken: string): Promise<Response> {
    return fetch(`${baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  }

  describe('discovery', () => {
    it('publishes the issuer, code + PKCE S256 and the endpoints under /oidc', async () => {
      const response = await fetch(`${running.baseUrl}/oidc/.well-known/openid-configuration`);
      expect(response.status).toBe(200);
      const discovery = (await response.json()) as Record<string, unknown>;
      expect(discovery).toMatchObject({
        issuer: config.identity.issuer,
        authorization_endpoint: `${running.baseUrl}/oidc/auth`,
        token_endpoint: `${running.baseUrl}/oidc/token`,
        end_session_endpoint: `${running.baseUrl}/oidc/session/end`,
        jwks_uri: `${running.baseUrl}/oidc/jwks`,
        code_challenge_methods_supported: ['S256'],
      });
      expect(discovery['response_types_supported']).toEqual(['code']);
      const jwks = (await (await fetch(`${running.baseUrl}/oidc/jwks`)).json()) as {
        keys: Record<string, unknown>[];
      };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
      expect(jwks.keys[0]).not.toHaveProperty('d');
    });
  });

  describe('behind a TLS-terminating proxy (TLS=off)', () => {
    it('trusts X-Forwarded-Proto and X-Forwarded-Host for the URLs it publishes', async () => {
      const response = await fetch(`${running.baseUrl}/oidc/.well-known/openid-configuration`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'router.example.org' },
      });
      const discovery = (await response.json()) as Record<string, unknown>;
      expect(discovery['token_endpoint']).toBe('https://router.example.org/oidc/token');
    });
  });

  describe('sign-in with code + PKCE', () => {
    it('issues an ID token and a JWT access token for the API, both carrying roles', async () => {
      const tokens = await signIn(new Browser(running.baseUrl), config, 'er_doctor@demo.test');
      expect(tokens.token_type).toBe('Bearer');
      expect(tokens.expires_in).toBeLessThanOrEqual(900);
      expect(tokens.expires_in).toBeGreaterThan(800);
      expect(tokens.refresh_token).toBeTruthy();

      const id = decodeJwt(tokens.id_token).payload;
      expect(id).toMatchObject({
        iss: config.identity.issuer,
        aud: config.identity.clientId,
        sub: 'usr_demo_er_doctor',
        roles: ['er_doctor'],
        preferred_username: 'er_doctor@demo.test',
        name: 'Dr Dana Okafor',
      });

      const access = decodeJwt(tokens.access_token);
      expect(access.header).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
      expect(access.payload).toMatchObject({
        iss: config.identity.issuer,
        aud: config.identity.apiAudience,
        sub: 'usr_demo_er_doctor',
        roles: ['er_doctor'],
        scope: config.identity.apiScope,
        client_id: config.identity.clientId,
      });

      const me = await getMe(running.baseUrl, tokens.access_token);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: 'usr_demo_er_doctor', roles: ['er_doctor'] });
    });

    it('gives a user without roles an empty roles claim, and an unknown role as it is', async () => {
      const none = await signIn(new Browser(running.baseUrl), config, 'noroles@demo.test');
      expect(decodeJwt(none.id_token).payload['roles']).toEqual([]);
      const unknown = await signIn(new Browser(running.baseUrl), config, 'unknownrole@demo.test');
      expect(decodeJwt(unknown.id_token).payload['roles']).toEqual(['chief_of_magic']);
      expect(decodeJwt(unknown.access_token).payload['roles']).toEqual(['chief_of_magic']);
    });

    it('refuses a flow without PKCE', async () => {
      const browser = new Browser(running.baseUrl);
      const params = new URLSearchParams({
        client_id: config.identity.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid',
      });
      const response = await browser.get(`/oidc/auth?${params.toString()}`);
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('invalid_request');
    });

    it('keeps the session: a second authorization request needs no login (silent renewal)', async () => {
      const browser = new Browser(running.baseUrl);
      await signIn(browser, config, 'hospital@demo.test');
      const pkce = createPkce();
      const params = new URLSearchParams({
        client_id: config.identity.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: `openid profile ${config.identity.apiScope}`,
        prompt: 'none',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      });
      const { url } = await browser.follow(`/oidc/auth?${params.toString()}`, redirectUri);
      const tokens = await exchangeCode(browser, config, url, pkce);
      expect(decodeJwt(tokens.access_token).payload['roles']).toEqual(['hospital']);
    });
  });

  describe('CORS at the token endpoint', () => {
    it('answers the SPA origin and refuses another', async () => {
      const attempt = (origin: string) =>
        fetch(`${running.baseUrl}/oidc/token`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: 'not-a-token',
            client_id: config.identity.clientId,
          }).toString(),
        });
      const own = await attempt(new URL(config.publicUrl).origin);
      expect(own.headers.get('access-control-allow-origin')).toBe(new URL(config.publicUrl).origin);
      expect(await own.json()).toMatchObject({ error: 'invalid_grant' });
      const foreign = await attempt('https://evil.example');
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect(await foreign.json()).toMatchObject({ error: 'invalid_request' });
    });
  });

  describe('refresh tokens', () => {
    it('rotate: each refresh answers a new refresh token, and reusing a spent one revokes the grant', async () => {
      const browser = new Browser(running.baseUrl);
      const first = await signIn(browser, config, 'specialist@demo.test');

      const response = await refresh(browser, config, first.refresh_token ?? '');
      const second = (await response.json()) as TokenSet;
      expect(response.status, JSON.stringify(second)).toBe(200);
      expect(second.refresh_token).toBeTruthy();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(second.access_token).payload['roles']).toEqual(['specialist']);
      expect(decodeJwt(second.id_token).payload['roles']).toEqual(['specialist']);

      const reused = await refresh(browser, config, first.refresh_token ?? '');
      expect(reused.status).toBe(400);
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
      const afterReuse = await refresh(browser, config, second.refresh_token ?? '');
      expect(afterReuse.status).toBe(400);
    });
  });

  describe('the login page', () => {
    it('is our own accessible page, without inline scripts', async () => {
      const { html } = await openLoginPage(new Browser(running.baseUrl), config, createPkce());
      expect(html).toContain('Case Router');
      expect(html).toContain('<label for="email">Email</label>');
      expect(html).toContain('<label for="password">Password</label>');
      expect(html).toMatch(/<html lang="en">/);
      // Described for search engines and link previews, and not hidden from them (the public entry).
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(html).not.toContain('noindex');
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
      expect(html).not.toMatch(/\son[a-z]+=/);
    });

    it('says so when the password is wrong, and when the email is unknown', async () => {
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      const wrong = await browser.postForm(action, {
        email: 'er_doctor@demo.test',
        password: 'not-the-password-1',
      });
      expect(wrong.status).toBe(401);
      const html = await wrong.text();
      expect(html).toContain(identityTexts.incorrectCredentials);
      expect(html).toContain('value="er_doctor@demo.test"');
      const unknown = await browser.postForm(formAction(html), {
        email: 'nobody@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(unknown.status).toBe(401);
      expect(await unknown.text()).toContain(identityTexts.incorrectCredentials);
    });

    it(`slows an account at one address after ${PAIR_FREE} failures, even with the right password`, async () => {
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      // The free attempts, and one more that starts the delay.
      for (let attempt = 0; attempt <= PAIR_FREE; attempt += 1) {
        const response = await browser.postForm(action, {
          email: 'hospital@demo.test',
          password: `wrong-${attempt}-pass`,
        });
        expect(response.status).toBe(401);
      }
      const blocked = await browser.postForm(action, {
        email: 'hospital@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(blocked.status).toBe(429);
      expect(await blocked.text()).toContain(identityTexts.tooManyAttempts);

      // Another account from the same address is still welcome.
      const other = await browser.postForm(action, { email: 'er_doctor@demo.test', password: DEMO_PASSWORD });
      expect(other.status).toBe(303);
    });

    it('counts parallel failures atomically, and a stranger cannot lock the owner out from elsewhere', async () => {
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      const post = (password: string, forwardedFor: string) =>
        browser.request(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
          body: new URLSearchParams({ email: 'hospital@demo.test', password }).toString(),
        });
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, attempt) => post(`wrong-${attempt}-pass`, '203.0.113.50')),
      );
      const statuses = answers.map((answer) => answer.status);
      // Each attempt is counted before its password is checked: no more than the free ones and the one
      // that starts the delay are ever checked.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(PAIR_FREE + 1);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25 - PAIR_FREE - 1);
      expect((await post(DEMO_PASSWORD, '203.0.113.50')).status).toBe(429);
      // The account's owner, at the ward PC, signs in.
      expect((await post(DEMO_PASSWORD, '203.0.113.51')).status).toBe(303);
    });

    it(`slows an address after ${ADDRESS_FREE} failures across accounts, the address the proxy saw`, async () => {
      // A busy hospital address: all but the last two free failures already counted.
      await database.db.query(
        `insert into sign_in_throttles (key, failures, last_failure_at) values ('address:203.0.113.7', $1, now())`,
        [ADDRESS_FREE - 2],
      );
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      const post = (email: string, password: string, forwardedFor: string) =>
        browser.request(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
          body: new URLSearchParams({ email, password }).toString(),
        });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await post(
          `spray${attempt}@demo.test`,
          'wrong-pass-1',
          `198.51.100.${attempt}, 203.0.113.7`,
        );
        expect(response.status).toBe(401);
      }
      expect((await post('er_doctor@demo.test', DEMO_PASSWORD, '198.51.100.99, 203.0.113.7')).status).toBe(
        429,
      );
      expect((await post('er_doctor@demo.test', DEMO_PASSWORD, '203.0.113.8')).status).toBe(303);
    });

    it('answers a stale or foreign interaction with the expired page', async () => {
      const response = await new Browser(running.baseUrl).get('/oidc/interaction/not-a-real-uid');
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(identityTexts.expiredTitle);
    });
  });

  describe('the forced password change', () => {
    it('makes the user choose a strong new password, then signs in and clears the flag', async () => {
      const browser = new Browser(running.baseUrl);
      const pkce = createPkce();
      const { action } = await openLoginPage(browser, config, pkce);
      const posted = await browser.postForm(action, {
        email: 'mustchange@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(posted.status).toBe(303);
      const passwordPage = await browser.get(posted.headers.get('location') ?? '');
      const html = await passwordPage.text();
      expect(passwordPage.status).toBe(200);
      expect(html).toContain(identityTexts.changePasswordTitle);
      expect(html).toContain('<label for="confirm">');
      const changeAction = formAction(html);

      const weak = await browser.postForm(changeAction, { password: 'short1', confirm: 'short1' });
      expect(weak.status).toBe(400);
      expect(await weak.text()).toContain(PASSWORD_RULE);
      // The user is Max Change (mustchange@demo.test): their own name is no password.
      const ownName = await browser.postForm(changeAction, {
        password: 'MaxChange2026!',
        confirm: 'MaxChange2026!',
      });
      expect(ownName.status).toBe(400);
      expect(await ownName.text()).toContain(PASSWORD_RULE);
      const mismatch = await browser.postForm(changeAction, {
        password: 'A-much-better-pass-7',
        confirm: 'A-much-better-pass-8',
      });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.text()).toContain(identityTexts.passwordsDoNotMatch);
      const same = await browser.postForm(changeAction, { password: DEMO_PASSWORD, confirm: DEMO_PASSWORD });
      expect(same.status).toBe(400);
      expect(await same.text()).toContain(identityTexts.passwordUnchanged);

      const changed = await browser.postForm(changeAction, {
        password: 'A-much-better-pass-7',
        confirm: 'A-much-better-pass-7',
      });
      expect(changed.status).toBe(303);
      const { url } = await browser.follow(changed.headers.get('location') ?? '', redirectUri);
      const tokens = await exchangeCode(browser, config, url, pkce);
      expect(decodeJwt(tokens.id_token).payload['sub']).toBe('usr_demo_mustchange');

      const [row] = await database.db.query<{ force: boolean }>(
        "select force_change_password_next_sign_in as force from users where email = 'mustchange@demo.test'",
      );
      expect(row?.force).toBe(false);
      // The new password works straight away; the old one no longer does.
      await signIn(new Browser(running.baseUrl), config, 'mustchange@demo.test', 'A-much-better-pass-7');
      const again = new Browser(running.baseUrl);
      const login = await openLoginPage(again, config, createPkce());
      const old = await again.postForm(login.action, {
        email: 'mustchange@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(old.status).toBe(401);
    });

    it('cannot be skipped by posting the new password without the old one', async () => {
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      const passwordAction = action.replace(/\/login$/, '/password');
      const response = await browser.postForm(passwordAction, {
        password: 'Sneaky-password-99',
        confirm: 'Sneaky-password-99',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(action.replace(/\/login$/, ''));
    });
  });

  describe('a restart', () => {
    it('keeps keys, sessions, grants and refresh tokens: nobody is signed out', async () => {
      const browser = new Browser(running.baseUrl);
      const tokens = await signIn(browser, config, 'hospital_system@demo.test');
      const jwksBefore: unknown = await (await fetch(`${running.baseUrl}/oidc/jwks`)).json();

      const restarted = await startApp(config, database.db);
      try {
        const jwksAfter: unknown = await (await fetch(`${restarted.baseUrl}/oidc/jwks`)).json();
        expect(jwksAfter).toEqual(jwksBefore);

        // The access token issued before still opens the API.
        expect((await getMe(restarted.baseUrl, tokens.access_token)).status).toBe(200);

        // The refresh token still works.
        const moved = new Browser(restarted.baseUrl);
        const refreshed = await refresh(moved, config, tokens.refresh_token ?? '');
        expect(refreshed.status).toBe(200);
        const next = (await refreshed.json()) as TokenSet;
        expect(decodeJwt(next.access_token).payload['roles']).toEqual(['hospital_system']);

        // The session cookie still works: a silent request needs no login.
        const pkce = createPkce();
        const params = new URLSearchParams({
          client_id: config.identity.clientId,
          response_type: 'code',
          redirect_uri: redirectUri,
          scope: `openid ${config.identity.apiScope}`,
          prompt: 'none',
          code_challenge: pkce.challenge,
          code_challenge_method: 'S256',
        });
        const { url } = await browser.follow(
          `${restarted.baseUrl}/oidc/auth?${params.toString()}`,
          redirectUri,
        );
        const silent = await exchangeCode(new Browser(restarted.baseUrl), config, url, pkce);
        expect(decodeJwt(silent.id_token).payload['sub']).toBe('usr_demo_hospital_system');
      } finally {
        await restarted.close();
      }
    });
  });
});
