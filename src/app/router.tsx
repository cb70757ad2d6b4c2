// The route objects, built from the route table: public routes at the top, every other one inside the
// protected layout, its shell and the role gate. Every screen is lazy; its handle carries the route's title
// and access.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { type RouteName, routes } from '../config/routes.ts';
import { texts } from '../config/texts.ts';
import { ProtectedRoute } from '../lib/auth/index.ts';
import { mayOpen } from '../lib/auth/roles.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { RouteErrorScreen } from './errors/route-error-screen.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RoleGate } from './layouts/role-gate.tsx';
import type { RouteHandle } from './layouts/route-access.ts';
import { lazyModule, routeNameFor, routeScreens } from './route-modules.ts';

const routeNames = Object.keys(routes) as RouteName[];

// The shell comes with the first protected screen, in parallel with it: with it come the API's SDK and its
// Zod schemas (who is signed in, the notifications), which the start-up chunk does without.
const shell = lazyModule('shell', () => import('./shell/app-shell-layout.tsx'));

/**
 * Starts loading the screen a path opens (and the shell, for a protected one) at start-up, while the tenant
 * config and the session are being read: the router then finds them loaded or under way, rather than asking
 * for them only once the user is known.
 */
export function preloadScreenFor(pathname: string): void {
  const name = routeNameFor(pathname);
  if (name === undefined) return;
  if (routes[name].access !== 'public') shell.preload();
  routeScreens[name].preload();
}

/**
 * Starts the first data of the screen a path opens, at start-up, when the screen names it and the signed-in
 * roles may open it: its requests then go out while the app renders, not after.
 */
export function prefetchScreenFor(pathname: string, client: QueryClient, roles: readonly string[]): void {
  const name = routeNameFor(pathname);
  if (name === undefined || roles.length === 0 || !mayOpen(routes[name].access, roles)) return;
  routeScreens[name].load().then(
    (screen) => screen.prefetch?.(client),
    // The router loads it again and recovers as it does for any screen.
    () => undefined,
  );
}

function screen(name: RouteName): RouteObject {
  const { path, title, access } = routes[name];
  return {
    id: name,
    path,
    handle: { title, access } satisfies RouteHandle,
    lazy: () => routeScreens[name].load(),
  };
}

const screens = (isPublic: boolean) =>
  routeNames.filter((name) => (routes[name].access === 'public') === isPublic).map(screen);

export const appRoutes: RouteObject[] = [
  {
    id: 'app',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      ...screens(true),
      {
        id: 'protected',
        element: <ProtectedRoute />,
        children: [
          {
            id: 'shell',
            lazy: async () => ({ Component: (await shell.load()).AppShellLayout }),
            children: [
              {
                // Pathless, so a screen's error or failed import shows inside the shell, not instead of it.
                id: 'screens',
                element: <RoleGate />,
                errorElement: <RouteErrorScreen />,
                children: screens(false),
              },
            ],
          },
        ],
      },
      {
        id: 'notFound',
        path: '*',
        handle: { title: texts.notFoundTitle, access: 'public' } satisfies RouteHandle,
        element: <NotFoundPage />,
      },
    ],
  },
];
