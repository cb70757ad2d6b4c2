// Every screen's lazy import, from the route table: a route names its screen module, and this finds it among
// the modules under routes/. The router loads a screen through `load`; links call `preload` on intent so the
// chunk is usually in memory before the click.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { type RouteName, routes } from '../config/routes.ts';
import { ModuleLoadError } from './module-load/module-load-error.ts';
import { forgetAttempts } from './module-load/retry-policy.ts';

export interface LazyModule<Exports> {
  readonly load: () => Promise<Exports>;
  readonly preload: () => void;
}

export interface ScreenModule {
  readonly Component: ComponentType;
  /** Asks for the screen's first data at start-up, while the app renders: the screen then finds it under way. */
  readonly prefetch?: (client: QueryClient) => void;
}

/** One import that remembers success, forgets failure, and fails as a ModuleLoadError the recovery knows. */
export function lazyModule<Exports>(moduleId: string, importer: () => Promise<Exports>): LazyModule<Exports> {
  let pending: Promise<Exports> | undefined;
  const load = (): Promise<Exports> => {
    pending ??= importer().then(
      (loaded) => {
        forgetAttempts(window.sessionStorage, moduleId);
        return loaded;
      },
      (error: unknown) => {
        // A failure is not remembered, so the next navigation or reload imports afresh.
        pending = undefined;
        throw new ModuleLoadError(moduleId, error);
      },
    );
    return pending;
  };
  return {
    load,
    preload: () => {
      // A failed preload is not an error the user sees: navigating there retries and recovers.
      load().catch(() => undefined);
    },
  };
}

const screenModules = import.meta.glob<ScreenModule>('./routes/**/*-page.tsx');

const routeNames = Object.keys(routes) as RouteName[];

function screenOf(name: RouteName): LazyModule<ScreenModule> {
  const file = `./routes/${routes[name].screen}.tsx`;
  const importer = screenModules[file];
  if (!importer) throw new Error(`The route ${name} names the screen ${file}, and there is no such module`);
  return lazyModule(name, importer);
}

export const routeScreens = Object.fromEntries(routeNames.map((name) => [name, screenOf(name)])) as Readonly<
  Record<RouteName, LazyModule<ScreenModule>>
>;

const matchableRoutes = routeNames.map((name) => ({ id: name, path: routes[name].path }));

/** The screen an href leads to, ranked as the router ranks ("cases/new" before "cases/:id"). */
export function routeNameFor(pathname: string): RouteName | undefined {
  const matches = matchRoutes(matchableRoutes, pathname);
  return matches?.at(-1)?.route.id;
}

export function preloadPath(pathname: string): void {
  const name = routeNameFor(pathname);
  if (name !== undefined) routeScreens[name].preload();
}
