import './mantine-styles.ts';
import { useState } from 'react';
import { createBrowserRouter, createMemoryRouter, type DataRouter, type InitialEntry } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appRoutes } from './router.tsx';

export { prefetchScreenFor, preloadScreenFor } from './router.tsx';

export interface CreateAppRouterOptions {
  /** Given, the router keeps its history in memory (tests); otherwise it follows the browser's address. */
  readonly initialEntries?: InitialEntry[];
}

export function createAppRouter(options: CreateAppRouterOptions = {}): DataRouter {
  return options.initialEntries
    ? createMemoryRouter(appRoutes, { initialEntries: options.initialEntries })
    : createBrowserRouter(appRoutes);
}

export interface AppProps {
  readonly router?: DataRouter;
}

export function App({ router }: AppProps) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  return <RouterProvider router={appRouter} />;
}
