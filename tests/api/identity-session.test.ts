// The provider's session on a shared ward PC: a browser-session cookie unless the user keeps it on this device,
// an idle timeout that an open app's token refreshes hold off, and an absolute lifetime. Time moves through
// vitest's clock (Date only): the provider, its store and the tokens all read the time from Date.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { identityTexts } from '../../server/src/identity/texts.ts';
import {
  Browser,
  createPkce,
  DEMO_PASSWORD,
  exchangeCode,
  identityTestConfig,
  openLoginPage,
  openTestDatabase,
  refresh,
  startApp,
  type RunningApp,
  type TestDatabase,
  type TokenSet,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const IDLE = 1800;
const MAX = 4 * 3600;
const KEPT = 14 * 86_400;
const config = identityTestConfig({
  ACCESS_TOKEN_TTL_SECONDS: '600',
  SESSION_IDLE_SECONDS: String(IDLE),
  SESSION_MAX_SECONDS: String(MAX),
  SESSION_TTL_SECONDS: String(KEPT),
});
const redirectUri = config.identity.redirectUris[0] ?? '';

/** A browser that also keeps every Set-Cookie line it was sent, as sent. */
class RecordingBrowser extends Browser {
  readonly setCookies: string[] = [];

  override async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.request(url, init);
    this.setCookies.push(...response.headers.getSetCookie());
    return response;
  }

  /** The last Set-Cookie line that gave the provider's session cookie a value. */
  sessionCookie(): string {
    const lines = this.setCookies.filter((line) => /^_session=[^;]+/.test(line));
    const last = lines.at(-1);
    expect(last, this.setCookies.join('\n')).toBeDefined();
    return last ?? '';
  }
}

function advance(seconds: number): void {
  vi.setSystemTime(Date.now() + seconds * 1000);
}

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

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signs in through the login form, ticking "Keep me signed in" or not. */
  async function signIn(browser: Browser, email: string, keep: boolean): Promise<TokenSet> {
    const pkce = createPkce();
    const { html, action } = await openLoginPage(browser, config, pkce);
    expect(html).toContain(`<label for="keep">${identityTexts.keepSignedIn}</label>`);
    const posted = await browser.postForm(action, {
      email,
      password: DEMO_PASSWORD,
      ...(keep ? { keep: 'yes' } : {}),
    });
    expect(posted.status, await posted.clone().text()).toBe(303);
    const { url } = await browser.follow(posted.headers.get('location') ?? '', redirectUri);
    return exchangeCode(browser, config, url, pkce);
  }

  /** A silent authorization request (prompt=none): true when the session signs the browser in. */
  async function signedInSilently(browser: Browser): Promise<boolean> {
    const pkce = createPkce();
    const params = new URLSearchParams({
      client_id: config.identity.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid',
      prompt: 'none',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const { url } = await browser.follow(`/oidc/auth?${params.toString()}`, redirectUri);
    const answer = new URL(url).searchParams;
    if (answer.get('code') !== null) return true;
    expect(answer.get('error')).toBe('login_required');
    return false;
  }

  describe('the session cookie', () => {
    it('ends with the browser unless the user keeps it: no Expires, no Max-Age', async () => {
      const browser = new RecordingBrowser(running.baseUrl);
      await signIn(browser, 'er_doctor@demo.test', false);
      const cookie = browser.sessionCookie();
      expect(cookie).not.toMatch(/expires=/i);
      expect(cookie).not.toMatch(/max-age=/i);
      expect(cookie).toMatch(/httponly/i);
      // A silent renewal sets it again, still without an end.
      expect(await signedInSilently(browser)).toBe(true);
      expect(browser.sessionCookie()).not.toMatch(/expires=|max-age=/i);
    });

    it('lasts SESSION_TTL_SECONDS from the sign-in when "Keep me signed in on this device" is ticked', async () => {
      const browser = new RecordingBrowser(running.baseUrl);
      const before = Date.now();
      await signIn(browser, 'specialist@demo.test', true);
      const expires = /expires=([^;]+)/i.exec(browser.sessionCookie())?.[1];
      expect(expires).toBeDefined();
      const end = Date.parse(expires ?? '');
      expect(end).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + (KEPT - 5) * 1000);
      expect(end).toBeLessThanOrEqual(Date.now() + KEPT * 1000);
    });
  });

  it('carries the choice through the forced password change at the first sign-in', async () => {
    const browser = new RecordingBrowser(running.baseUrl);
    const pkce = createPkce();
    const { action } = await openLoginPage(browser, config, pkce);
    const posted = await browser.postForm(action, {
      email: 'mustchange@demo.test',
      password: DEMO_PASSWORD,
      keep: 'yes',
    });
    expect(posted.headers.get('location')).toMatch(/\/password$/);
    const passwordAction = new URL(posted.headers.get('location') ?? '', running.baseUrl).pathname;
    const changed = await browser.postForm(passwordAction, {
      password: 'Lantern-harbour-route-58',
      confirm: 'Lantern-harbour-route-58',
    });
    expect(changed.status).toBe(303);
    const { url } = await browser.follow(changed.headers.get('location') ?? '', redirectUri);
    await exchangeCode(browser, config, url, pkce);
    expect(browser.sessionCookie()).toMatch(/expires=/i);
  });

  describe('lifetimes', () => {
    it(`ends a browser session after ${IDLE / 60} minutes without activity`, async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const browser = new Browser(running.baseUrl);
      await signIn(browser, 'emergency_room@demo.test', false);
      advance(IDLE - 60);
      expect(await signedInSilently(browser)).toBe(true);
      // The silent sign-in was activity: the idle timeout counts from it.
      advance(IDLE - 60);
      expect(await signedInSilently(browser)).toBe(true);
      advance(IDLE + 60);
      expect(await signedInSilently(browser)).toBe(false);
    });

    it('counts an open app’s token refresh as activity, and the refresh token ends with the session', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const browser = new Browser(running.baseUrl);
      let tokens = await signIn(browser, 'hospital@demo.test', false);
      for (let round = 0; round < 3; round += 1) {
        advance(IDLE - 120);
        const refreshed = await refresh(browser, config, tokens.refresh_token ?? '');
        expect(refreshed.status).toBe(200);
        tokens = (await refreshed.json()) as TokenSet;
      }
      // Three idle periods after the sign-in, the session still signs in silently.
      expect(await signedInSilently(browser)).toBe(true);
      advance(IDLE + 60);
      expect(await signedInSilently(browser)).toBe(false);
      expect((await refresh(browser, config, tokens.refresh_token ?? '')).status).toBe(400);
    });

    it(`ends a browser session ${MAX / 3600} hours after the sign-in, however active`, async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const browser = new Browser(running.baseUrl);
      await signIn(browser, 'hospital_system@demo.test', false);
      const steps = Math.floor(MAX / (IDLE - 60));
      for (let step = 0; step < steps; step += 1) {
        advance(IDLE - 60);
        expect(await signedInSilently(browser), `after ${step + 1} steps`).toBe(true);
      }
      advance(IDLE - 60);
      expect(await signedInSilently(browser)).toBe(false);
    });

    it('keeps a session the user chose to keep past the idle timeout and the browser-session lifetime', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const browser = new Browser(running.baseUrl);
      await signIn(browser, 'emergency_room_admin@demo.test', true);
      advance(MAX + IDLE);
      expect(await signedInSilently(browser)).toBe(true);
      advance(KEPT);
      expect(await signedInSilently(browser)).toBe(false);
    });
  });
});
