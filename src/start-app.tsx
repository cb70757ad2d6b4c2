// The app's start-up: tenant config -> MSAL -> redirect -> first account active -> silent token -> monitor ->
// ready, then the app inside MSAL React's provider. The Configuration Error screen on failure.
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, prefetchScreenFor, preloadScreenFor } from './app/app.tsx';
import { ConfigurationErrorScreen } from './app/errors/configuration-error.tsx';
import { AppToaster } from './components/app-toaster.tsx';
import { cssVariablesResolver, theme } from './components/theme.ts';
import { installApiLayer } from './lib/api/index.ts';
import {
  type AuthSession,
  AuthProvider,
  createAuthSession,
  createMsal,
  loadTenantConfig,
} from './lib/auth/index.ts';
import { configureZod } from './lib/forms/zod-error-map.ts';
import { loadLocaleDataInWorker } from './lib/locale-data.ts';
import { renewPushSubscription } from './lib/push-subscription.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { createQueryClient } from './lib/query-client.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

function Frame({ children }: { readonly children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        {children}
        <AppToaster />
      </MantineProvider>
    </StrictMode>
  );
}

/** The tenant config, then the auth session started: what start-up waits for before the first screen. */
export async function authenticate(): Promise<AuthSession> {
  const tenant = await loadTenantConfig();
  const session = createAuthSession({ tenant, msal: createMsal(tenant), storage: window.localStorage });
  await session.start();
  return session;
}

/**
 * Starts the app in #root. `authenticated` is the sign-in step's promise when the page has already begun it
 * (the address `/`); otherwise start-up fetches the tenant config and starts authentication itself.
 */
export async function startApp(authenticated?: Promise<AuthSession>): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);

  // The locale data the first date on screen needs, loaded off the main thread meanwhile.
  loadLocaleDataInWorker();
  preloadScreenFor(window.location.pathname);
  configureZod();
  installApiLayer();
  // Authentication starts at once; each start-up step then runs in a task of its own (the code's evaluation,
  // sign-in, the router, the first render). Its failure is handled below, after the yield, not left unhandled.
  const authentication = authenticated ?? authenticate();
  authentication.catch(() => undefined);
  await yieldToMain();
  let session: AuthSession;
  try {
    session = await authentication;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error), error);
    root.render(
      <Frame>
        <ConfigurationErrorScreen />
      </Frame>,
    );
    return;
  }

  // Signed in: the service worker that shows pushed alerts (again, after the module-load recovery), and this
  // device's push subscription renewed where notifications were turned on before.
  void registerServiceWorker().then(renewPushSubscription);
  // The first screen's data is asked for now, while the router and the first render are built.
  const queryClient = createQueryClient();
  prefetchScreenFor(window.location.pathname, queryClient, session.signedInRoles());
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  const navigate = (to: string, options: { replace: boolean }) => router.navigate(to, options);
  // A transition: React renders the first screen in slices, so the page stays responsive while it builds.
  startTransition(() => {
    root.render(
      <Frame>
        <QueryClientProvider client={queryClient}>
          <AuthProvider session={session} navigate={navigate}>
            <App router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </Frame>,
    );
  });
}
