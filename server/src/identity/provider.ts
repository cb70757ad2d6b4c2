import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findUserById, isDemoAccount } from '../users/users-repository.ts';
import { databaseAdapterFactory } from './adapter.ts';
import { loadCookieKeys, loadSigningKeys } from './keys.ts';
import { logoutConfirmPage, logoutPage, messagePage } from './pages.ts';
import { identityTexts as t } from './texts.ts';

export interface ProviderDeps {
  readonly config: Config;
  readonly db: Database;
}

const INTERACTION_TTL_SECONDS = 30 * 60;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;

/** Where the provider is mounted on our origin: the issuer's path, e.g. /oidc. */
export function mountPathOf(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

function originOf(url: string): string | undefined {
  return URL.parse(url)?.origin;
}

export async function createProvider({ config, db }: ProviderDeps): Promise<Provider> {
  const { identity } = config;
  const mountPath = mountPathOf(identity.issuer);
  const assetsPath = `${mountPath}/assets`;
  const ttls = identity.ttls;
  const [signingKeys, cookieKeys] = await Promise.all([loadSigningKeys(db), loadCookieKeys(db)]);
  const corsOrigins = new Set(
    [config.publicUrl, ...identity.redirectUris, ...identity.postLogoutRedirectUris]
      .map(originOf)
      .filter((origin) => origin !== undefined),
  );

  const apiResourceServer = {
    scope: identity.apiScope,
    audience: identity.apiAudience,
    accessTokenFormat: 'jwt' as const,
    accessTokenTTL: ttls.accessTokenSeconds,
    jwt: { sign: { alg: 'RS256' as const } },
  };

  const configuration: Configuration = {
    adapter: databaseAdapterFactory(db),
    // The first key signs; a previous one (during a rotation) is published, so its tokens still verify.
    jwks: { keys: signingKeys },
    cookies: {
      keys: cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: identity.clientId,
        client_name: t.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [...identity.redirectUris],
        post_logout_redirect_uris: [...identity.postLogoutRedirectUris],
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      // roles rides on openid so the ID token always carries it, as Entra's app roles do.
      openid: ['sub', 'roles'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      // A deactivated account gets no token, not even from a refresh token issued before.
      if (!user?.active || (!config.demoAccountsAccepted && isDemoAccount(user.id))) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          roles: [...user.roles],
          name: user.displayName,
          preferred_username: user.email,
          email: user.email,
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken') return undefined;
      const user = await findUserById(db, token.accountId);
      return user ? { roles: [...user.roles] } : undefined;
    },
    // Signing out ends everything, refresh tokens included: workstations on a ward are shared.
    expiresWithSession: () => true,
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // MSAL never sends `resource`: asking for the API's scope means asking for a token for the API.
        defaultResource(ctx: KoaContextWithOIDC, _client, oneOf) {
          if (oneOf) return oneOf.includes(identity.apiAudience) ? identity.apiAudience : oneOf;
          const scope = ctx.oidc.params?.['scope'];
          const scopes = typeof scope === 'string' ? scope.split(' ') : [];
          return scopes.includes(identity.apiScope) ? identity.apiAudience : undefined;
        },
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== identity.apiAudience) throw new errors.InvalidTarget();
          return apiResourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = ownIdTokenHint(ctx)
            ? logoutPage({ assetsPath, form })
            : logoutConfirmPage({ assetsPath, form, back: config.publicUrl });
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage({
            assetsPath,
            title: t.signedOutTitle,
            message: t.signedOutMessage,
            link: { href: config.publicUrl, label: t.returnToApp },
          });
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage({
        assetsPath,
        title: t.errorTitle,
        message: t.errorMessage,
        details: [out.error_description ?? out.error].filter((line) => typeof line === 'string'),
        link: { href: config.publicUrl, label: t.returnToApp },
      });
    },
    ttl: {
      // The function form: a plain number here would override the resource server's TTL.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ttls.accessTokenSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ttls.accessTokenSeconds,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: (_ctx, session) => sessionSeconds(session),
      Grant: Math.max(ttls.refreshTokenSeconds, ttls.sessionSeconds),
      RefreshToken(ctx, token) {
        // A rotated token keeps its predecessor's end: the lifetime counts from the sign-in, as Entra's SPA tokens do.
        const rotated = ctx.oidc.entities.RotatedRefreshToken;
        if (rotated && !token.isSenderConstrained()) return rotated.remainingTTL;
        return ttls.refreshTokenSeconds;
      },
    },
  };

  /**
   * How long the provider's session lives from now. Kept on this device: SESSION_TTL_SECONDS from the sign-in.
   * Otherwise (a session cookie, gone with the browser) until the user has been away for the idle timeout, and
   * never past the absolute lifetime. The idle timeout is never shorter than an access token: an open app
   * speaks to the provider only when it renews its token.
   */
  function sessionSeconds(session: { transient?: boolean; loginTs?: number }): number {
    const now = Math.floor(Date.now() / 1000);
    const since = session.loginTs ?? now;
    const end =
      session.transient === true
        ? Math.min(
            now + Math.max(ttls.sessionIdleSeconds, ttls.accessTokenSeconds),
            since + ttls.sessionMaxSeconds,
          )
        : since + ttls.sessionSeconds;
    return Math.max(1, end - now);
  }

  const provider = new Provider(identity.issuer, configuration);
  // Behind TLS termination (TLS=off), trust X-Forwarded-Proto so the provider knows it is served over https.
  provider.proxy = config.tls.mode === 'off';
  provider.use(consentPromptForOfflineAccess(mountPath));
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    // A refresh is the open app at work: it counts as activity for the session's idle timeout.
    if (ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200) return;
    const used = ctx.oidc.entities.RotatedRefreshToken ?? ctx.oidc.entities.RefreshToken;
    const session = used?.sessionUid ? await provider.Session.findByUid(used.sessionUid) : undefined;
    if (session?.transient) await session.save(sessionSeconds(session));
  });
  return provider;
}

/**
 * Whether the sign-out request carries the ID token of the session's own user: only the app holds it, so only
 * then does the sign-out go ahead unasked. Any website can send a browser to the sign-out address, and an ID
 * token of another account (an attacker's own) does not speak for this session. The provider has verified the
 * hint's signature and audience before this runs.
 */
function ownIdTokenHint(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities['IdTokenHint'] as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return accountId !== undefined && hint?.payload?.sub === accountId;
}

// oidc-provider issues a refresh token only when the request says prompt=consent (OIDC Core 11), which MSAL never
// sends; adding it here keeps the SPA identical for Entra. Auto-consent then answers the prompt.
function consentPromptForOfflineAccess(mountPath: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const { scope, prompt } = ctx.query;
      const scopes = typeof scope === 'string' ? scope.split(' ') : [];
      const prompts = typeof prompt === 'string' ? prompt.split(' ').filter((value) => value !== '') : [];
      if (scopes.includes('offline_access') && !prompts.includes('none') && !prompts.includes('consent')) {
        ctx.query = { ...ctx.query, prompt: [...prompts, 'consent'].join(' ') };
        // The provider finds its mount by locating the URL it sees inside originalUrl: keep the two in step.
        (ctx.req as typeof ctx.req & { originalUrl?: string }).originalUrl = `${mountPath}${ctx.url}`;
      }
    }
    await next();
  };
}
