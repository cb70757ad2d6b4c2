// The address `/` signs in before anything else. On the usual first visit nobody is signed in: the page then
// loads the tenant config and MSAL alone and goes straight to the identity provider, without the app's code
// (React DOM, the router, the UI kit, the toasts), which a phone would otherwise download and run only to
// leave the page. Someone signed in, the provider's answer to a sign-in, or anything that fails: the app
// starts, as on every other address, and does what `/` does there (the role's home, the error, another try).
import { installApiLayer } from './lib/api/client.ts';
import { applyAppStyles } from './lib/app-styles.ts';
import { type AuthSession, createAuthSession } from './lib/auth/auth-session.ts';
import { createMsal } from './lib/auth/msal-config.ts';
import { carriesAuthResponse, safeNextPath } from './lib/auth/navigation.ts';
import { loadTenantConfig } from './lib/auth/tenant-config.ts';

export interface SignInFirstSteps {
  /** The tenant config, then the auth session started: the app's own first step. */
  readonly authenticate: () => Promise<AuthSession>;
  /** After authentication: an account is signed in, or the provider answered with an error. */
  readonly needsApp: (session: AuthSession) => boolean;
  /** The sign-in redirect; false when it did not start. */
  readonly login: (session: AuthSession, next: string | null) => Promise<boolean>;
  /** Fetches the app's code without starting it. */
  readonly prefetchApp: () => void;
  /** The app, handed the authentication already under way. */
  readonly startApp: (authenticated: Promise<AuthSession>) => Promise<void>;
}

const MSAL_KEY_PREFIX = 'msal.';
// Written by MSAL on every start, signed in or not: they say nothing about a session.
const MSAL_SETTING_KEYS = /^msal\.(version$|browser\.)/;

/** MSAL keeps a session's accounts and a sign-in's request in sessionStorage under its prefix. */
function mayHaveSession(storage: () => Storage): boolean {
  try {
    const store = storage();
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index) ?? '';
      if (key.startsWith(MSAL_KEY_PREFIX) && !MSAL_SETTING_KEYS.test(key)) return true;
    }
  } catch {
    // Storage refused by the browser: MSAL keeps its cache in memory then, and this guess is only a head start.
  }
  return false;
}

const loadApp = () => import('./start-app.tsx');

/** The real steps; a test replaces the ones at the page's edges (the network, the app's code). */
export const signInFirstSteps: SignInFirstSteps = {
  async authenticate() {
    installApiLayer();
    const tenant = await loadTenantConfig();
    const session = createAuthSession({ tenant, msal: createMsal(tenant), storage: window.localStorage });
    await session.start();
    return session;
  },
  needsApp: (session) => session.msal.getActiveAccount() !== null || session.hasStartupError(),
  login: (session, next) => session.loginBeforeApp({ next }),
  prefetchApp: () => void loadApp().catch(() => undefined),
  // A failure to load the app's code reaches root.ts, which sends the browser to /sign-in.
  startApp: async (authenticated) => {
    const [app] = await Promise.all([loadApp(), applyAppStyles()]);
    return app.startApp(authenticated);
  },
};

export async function signInFirst(
  steps: SignInFirstSteps = signInFirstSteps,
  location: Pick<Location, 'search' | 'hash'> = window.location,
): Promise<void> {
  // Read once, before MSAL handles the provider's answer and clears it from the address.
  const search = new URLSearchParams(location.search);
  const answered = carriesAuthResponse(search, location.hash);
  // Probably signed in (or coming back from the provider): the app's code is fetched meanwhile.
  if (answered || mayHaveSession(() => window.sessionStorage)) steps.prefetchApp();
  const authenticated = steps.authenticate();
  let session: AuthSession;
  try {
    session = await authenticated;
  } catch {
    // The app shows the Configuration Error screen for it.
    return steps.startApp(authenticated);
  }
  if (answered || steps.needsApp(session)) return steps.startApp(authenticated);
  if (await steps.login(session, safeNextPath(search.get('next')))) return;
  return steps.startApp(authenticated);
}
