// Signing out of the embedded provider: the app's own sign-out (with its ID token) goes ahead at once and ends
// the session and its refresh tokens; one sent from elsewhere asks the user first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTexts } from '../../server/src/identity/texts.ts';
import {
  Browser,
  createPkce,
  formAction,
  identityTestConfig,
  openTestDatabase,
  refresh,
  signIn,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const config = identityTestConfig();
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

  describe('sign-out', () => {
    it('signs out at once through an auto-submitted form and returns to the SPA', async () => {
      const browser = new Browser(running.baseUrl);
      const tokens = await signIn(browser, config, 'emergency_room@demo.test');
      const postLogout = config.identity.postLogoutRedirectUris[0] ?? '';
      const params = new URLSearchParams({
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: postLogout,
        state: 'bye',
      });
      const page = await browser.get(`/oidc/session/end?${params.toString()}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<script src="/oidc/assets/auto-submit.js" defer></script>');
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(html).toContain('name="logout" value="yes"');

      const script = await fetch(`${running.baseUrl}/oidc/assets/auto-submit.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect(await script.text()).toContain('submit()');

      const confirmed = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`${postLogout}?state=bye`);

      // The session is gone: a silent request now needs a login.
      const pkce = createPkce();
      const silent = new URLSearchParams({
        client_id: config.identity.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid',
        prompt: 'none',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      });
      const { url } = await browser.follow(`/oidc/auth?${silent.toString()}`, redirectUri);
      expect(new URL(url).searchParams.get('error')).toBe('login_required');
      // And its refresh token was revoked with the grant.
      expect((await refresh(browser, config, tokens.refresh_token ?? '')).status).toBe(400);
    });
  });

  describe('sign-out without the session’s own ID token (logout CSRF)', () => {
    /** A silent authorization request: the code when the session signs the browser in, else the error. */
    async function silentAnswer(browser: Browser): Promise<{ code: string | null; error: string | null }> {
      const pkce = createPkce();
      const silent = new URLSearchParams({
        client_id: config.identity.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid',
        prompt: 'none',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      });
      const { url } = await browser.follow(`/oidc/auth?${silent.toString()}`, redirectUri);
      const params = new URL(url).searchParams;
      return { code: params.get('code'), error: params.get('error') };
    }

    function expectConfirmationPage(html: string): void {
      expect(html).toContain(identityTexts.confirmSignOutTitle);
      // Nothing submits the form by itself: no script at all, the button is the user's.
      expect(html).not.toContain('<script');
      expect(html).toMatch(/<button type="submit">Sign out<\/button><\/form>/);
      expect(html).toContain(`<a class="button button-secondary" href="${config.publicUrl}">`);
    }

    it('asks the user to confirm, and signs out only when they do', async () => {
      const browser = new Browser(running.baseUrl);
      await signIn(browser, config, 'er_doctor@demo.test');
      // What a foreign page does: send the browser to the sign-out address, without a hint.
      const page = await browser.get('/oidc/session/end');
      expect(page.status).toBe(200);
      const html = await page.text();
      expectConfirmationPage(html);
      // Merely opening the page signed nobody out.
      expect((await silentAnswer(browser)).code).not.toBeNull();

      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const confirmed = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
      expect(confirmed.status).toBe(303);
      expect((await silentAnswer(browser)).error).toBe('login_required');
    });

    it('asks too when the hint is an ID token of another account', async () => {
      const victim = new Browser(running.baseUrl);
      await signIn(victim, config, 'specialist@demo.test');
      const attacker = await signIn(new Browser(running.baseUrl), config, 'emergency_room@demo.test');
      const params = new URLSearchParams({ id_token_hint: attacker.id_token });
      const page = await victim.get(`/oidc/session/end?${params.toString()}`);
      expect(page.status).toBe(200);
      expectConfirmationPage(await page.text());
      expect((await silentAnswer(victim)).code).not.toBeNull();
    });
  });
});
