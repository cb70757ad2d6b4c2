// The one render harness of the component tests. The whole app at a URL, signed in with a role through the
// MSAL stand-in (`renderApp`); or a few routes of a test's own (`renderRoutes`), or one element (`renderUi`).
// Always Mantine with the app's theme in test mode (no transitions, no portals), the toaster, and the app's
// query client; the API is answered by MSW, where an unhandled request fails the test (tests/component/setup.ts).
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { AnyHandler } from 'msw';
import { setupServer } from 'msw/node';
import { Profiler, type ProfilerOnRenderCallback, type ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import {
  handleGetMe,
  handleGetMySettings,
  handleListCases,
  handleListNotifications,
  handleStreamEvents,
} from '../../generated/msw.gen.ts';
import type { Role, User } from '../../generated/types.gen.ts';
import { appRoutes } from '../../src/app/router.tsx';
import { routeNameFor, routeScreens } from '../../src/app/route-modules.ts';
import { theme } from '../../src/components/theme.ts';
import { configureZod } from '../../src/lib/forms/zod-error-map.ts';
import { AuthProvider, type AuthSession, createAuthSession } from '../../src/lib/auth/index.ts';
import { createQueryClient } from '../../src/lib/query-client.ts';
import { fixtures } from '../../src/mock/fixtures.ts';
import {
  createMsalStandIn,
  fakeAccount,
  type MsalStandIn,
  type MsalStandInOptions,
} from './msw-msal-stand-in.ts';

export { fakeAccount, tokenResult } from './msw-msal-stand-in.ts';

/** The one MSW server of the component tests; tests/component/setup.ts starts and resets it. */
export const server = setupServer();

export const tenantConfig = {
  authority: 'https://app.test/oidc',
  clientId: 'case-router-spa',
  scopes: ['api://case-router/access'],
  apiBaseUrl: 'https://app.test/api/v1',
};

/** An auth session on an MSAL stand-in, started: the app's start-up order, with fakes at MSAL's edge. */
export async function startAuthWith(
  options: MsalStandInOptions,
): Promise<{ msal: MsalStandIn; session: AuthSession }> {
  const msal = createMsalStandIn(options);
  const session = createAuthSession({
    tenant: tenantConfig,
    msal: msal.instance,
    storage: window.localStorage,
    origin: window.location.origin,
  });
  await session.start();
  return { msal, session };
}

/** A session signed out and not started, on an MSAL stand-in with no account: for screens outside sign-in. */
export function signedOutSession(): AuthSession {
  return createAuthSession({
    tenant: tenantConfig,
    msal: createMsalStandIn().instance,
    storage: window.localStorage,
  });
}

export interface RenderOptions {
  /** The AuthProvider's session (MSAL React's provider inside); none given, a signed-out one. */
  readonly session?: AuthSession;
  /** The app's own by default. */
  readonly queryClient?: QueryClient;
  /** Given, the element sits in a React Profiler that calls it on each commit. */
  readonly onRender?: ProfilerOnRenderCallback;
}

/** One element inside the app's providers. */
export function renderUi(
  ui: ReactElement,
  { queryClient = createQueryClient(), onRender }: RenderOptions = {},
) {
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        {onRender ? (
          <Profiler id="app" onRender={onRender}>
            {ui}
          </Profiler>
        ) : (
          ui
        )}
      </QueryClientProvider>
      <Toaster />
    </MantineProvider>,
  );
  return { queryClient, ...view };
}

/** The routes in a data router held in memory, at the path. */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Without a session of the test's own: one signed out, not started, on an MSAL stand-in with no account.
  const session =
    options.session ??
    createAuthSession({
      tenant: tenantConfig,
      msal: createMsalStandIn().instance,
      storage: window.localStorage,
    });
  const ui = (
    <AuthProvider session={session} navigate={(to, navigateOptions) => router.navigate(to, navigateOptions)}>
      <RouterProvider router={router} />
    </AuthProvider>
  );
  return { router, ...renderUi(ui, options) };
}

/** One element at the path, whatever the path: for parts that read the address (links, the current page). */
export function renderAt(element: ReactElement, path: string, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element }], path, options);
}

/**
 * Lets every promise already under way settle (a turn of the event loop, no timer), for a test that proves
 * something did NOT happen: whatever the rendered page started without waiting on a timer has run by then.
 */
export async function settled(): Promise<void> {
  await act(
    () =>
      new Promise<void>((resolve) => {
        setImmediate(resolve);
      }),
  );
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** The contract's own examples, a fresh copy each call: the fixtures the mock mode serves too (src/mock/). */
export const examples = fixtures;

/** The contract's example user with one role, as `/me` answers for them (the mock mode's too). */
export function userWithRole(role: Role): User {
  return fixtures.userFor(role);
}

export const doctor = userWithRole('er_doctor');
export const specialist: User = userWithRole('specialist');

/** The query string of the offers waiting for a specialist, which the shell's offer alert lists. */
export function isWaitingOffersQuery(url: string): boolean {
  const query = new URL(url).searchParams;
  return query.get('scope') === 'offered' && query.get('limit') === '50';
}

// The shell's notifications: none, no offer waiting, and a live stream that stays open and quiet.
const quietShell: AnyHandler[] = [
  handleListCases(({ request }) =>
    isWaitingOffersQuery(request.url) ? Response.json({ items: [], nextCursor: null }) : undefined,
  ),
  handleListNotifications({ body: { items: [], unreadCount: 0, nextCursor: null } }),
  handleStreamEvents(
    () =>
      new Response(new ReadableStream({ start: () => undefined }), {
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  ),
];

/**
 * The whole app at the path, signed in as the user (or the example user with that role): `/me` answers with
 * them, the shell's notifications are quiet unless the handlers answer them, and the handlers answer the rest.
 */
export async function renderApp(path: string, as: User | Role, ...handlers: AnyHandler[]) {
  return renderAppWith(path, as, {}, ...handlers);
}

export interface AppRenderOptions extends Pick<RenderOptions, 'onRender'> {
  /** Runs once the session has started, before the first render: what start-up does there (its prefetch). */
  readonly beforeRender?: (session: AuthSession, queryClient: QueryClient) => void | Promise<void>;
}

/** renderApp, with render options (a Profiler's callback, a step before the first render). */
export async function renderAppWith(
  path: string,
  as: User | Role,
  { onRender, beforeRender }: AppRenderOptions,
  ...handlers: AnyHandler[]
) {
  const user = typeof as === 'string' ? userWithRole(as) : as;
  // A test's own handlers come first, so it may answer the shell's calls itself (feed the event stream, give
  // the user's settings); the quiet shell and the default settings answer the rest.
  server.use(handleGetMe({ body: user }), ...handlers, ...quietShell, handleGetMySettings());
  const { session } = await startAuthWith({ accounts: [fakeAccount(user.roles)] });
  configureZod();
  // The lazy shell and screen, loaded ahead: the test's waits are for what the user sees, not for the test
  // runner compiling their modules on first import.
  const screen = routeNameFor(new URL(path, 'https://app.test').pathname);
  await Promise.all([
    import('../../src/app/shell/app-shell-layout.tsx'),
    screen === undefined ? undefined : routeScreens[screen].load(),
  ]);
  const queryClient = createQueryClient();
  await beforeRender?.(session, queryClient);
  return renderRoutes(appRoutes, path, { session, queryClient, onRender });
}

/** jsdom has no object URLs; the image viewer needs them. */
export function stubObjectUrls() {
  let next = 0;
  const create = vi.fn((_blob: Blob) => {
    next += 1;
    return `blob:test/${next}`;
  });
  const revoke = vi.fn((_url: string) => undefined);
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: create });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoke });
  return { create, revoke };
}
