// The mock mode's entry (`npm run mock`, Vite's "mock" mode puts it in index.html instead of src/main.tsx): the
// same app with no server and no identity provider. A service worker (MSW) answers every operation of the
// contract from the shared fixtures, as the chosen scenario says; the mock sign-in stands in for MSAL. Nothing
// outside src/mock/ imports this folder, so the production build holds none of it.
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { App, createAppRouter } from '../app/app.tsx';
import { ConfigurationErrorScreen } from '../app/errors/configuration-error.tsx';
import { cssVariablesResolver, theme } from '../components/theme.ts';
import { installApiLayer } from '../lib/api/index.ts';
import { type AuthSession, AuthProvider, createAuthSession, loadTenantConfig } from '../lib/auth/index.ts';
import { configureZod } from '../lib/forms/zod-error-map.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createMockMsal } from './mock-msal.ts';
import { MockPanel } from './mock-panel.tsx';
import { MockSignIn } from './mock-sign-in.tsx';
import { FIXTURE_NOW, mockHandlers } from './scenarios.ts';
import { readSettings, saveSettings, withoutMockParams } from './settings.ts';

function Frame({ children }: { readonly children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        {children}
        <Toaster position="bottom-right" richColors closeButton />
      </MantineProvider>
    </StrictMode>
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);

  const settings = readSettings(new URL(window.location.href));
  window.history.replaceState(window.history.state, '', withoutMockParams(new URL(window.location.href)));
  const worker = setupWorker(
    ...mockHandlers({
      scenario: settings.scenario,
      role: settings.role ?? 'er_doctor',
      operation: settings.operation ?? undefined,
      baseUrl: `${window.location.origin}/api/v1`,
      // The fixtures' times move to now, so countdowns run and "5 minutes ago" reads true.
      timeOffsetMs: Date.now() - FIXTURE_NOW,
    }),
  );
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });

  configureZod();
  installApiLayer();
  const { role } = settings;
  if (role === null) {
    root.render(
      <Frame>
        <MockSignIn settings={settings} />
        <MockPanel settings={settings} />
      </Frame>,
    );
    return;
  }
  const toSignIn = () => {
    saveSettings({ ...settings, role: null });
    window.location.assign('/');
  };
  // The role comes from the mock's own sign-in (or the address) at every start: the mock MSAL stands in for
  // MSAL's instance in the auth session.
  let session: AuthSession;
  try {
    const tenant = await loadTenantConfig();
    session = createAuthSession({
      tenant,
      msal: createMockMsal(role, toSignIn),
      storage: window.localStorage,
    });
    await session.start();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error), error);
    root.render(
      <Frame>
        <ConfigurationErrorScreen />
        <MockPanel settings={settings} />
      </Frame>,
    );
    return;
  }

  const router = createAppRouter();
  const navigate = (to: string, options: { replace: boolean }) => router.navigate(to, options);
  root.render(
    <Frame>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider session={session} navigate={navigate}>
          <App router={router} />
        </AuthProvider>
      </QueryClientProvider>
      <MockPanel settings={settings} />
    </Frame>,
  );
}

void start();
