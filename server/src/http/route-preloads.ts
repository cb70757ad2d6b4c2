// Each route's modules as module preloads in the page a deep link answers with: the build lists them per route
// path pattern (route-preloads.json beside index.html), and the address asked for picks its route the way the
// app's router does, static segments before parameters. The browser then fetches the screen's code alongside
// the start-up code instead of after it has run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const ASSET = /^\/[\w./-]+\.js$/;

const routePreloadsSchema = z.object({
  routes: z.array(z.object({ path: z.string().startsWith('/'), files: z.array(z.string().regex(ASSET)) })),
});

interface PreloadRoute {
  readonly segments: readonly string[];
  /** How many of its segments are words, not parameters: the more, the better a match. */
  readonly staticCount: number;
  readonly links: string;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

function matches(route: PreloadRoute, path: readonly string[]): boolean {
  if (route.segments.at(-1) === '*') {
    if (path.length < route.segments.length - 1) return false;
  } else if (route.segments.length !== path.length) return false;
  return route.segments.every(
    (segment, index) =>
      segment === '*' || (segment.startsWith(':') ? (path[index] ?? '') !== '' : segment === path[index]),
  );
}

export interface RoutePreloader {
  /** The module preload links for an address's route; '' when no route of the build matches it. */
  readonly linksFor: (pathname: string) => string;
}

/**
 * The build's route preloads; a build without the file (older than it) or with a file it cannot read preloads
 * nothing, and the app's loader asks for the modules as it did.
 */
export function loadRoutePreloads(spaDir: string, warn: (message: string) => void): RoutePreloader {
  const file = join(spaDir, ROUTE_PRELOADS_FILE);
  const none: RoutePreloader = { linksFor: () => '' };
  if (!existsSync(file)) return none;
  let parsed: z.infer<typeof routePreloadsSchema>;
  try {
    parsed = routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    warn(`${file} is not a list of route preloads: the screens' modules load without them.`);
    return none;
  }
  const routes: PreloadRoute[] = parsed.routes.map((route) => {
    const segments = segmentsOf(route.path);
    return {
      segments,
      staticCount: segments.filter((segment) => !segment.startsWith(':') && segment !== '*').length,
      links: route.files
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)
        .join('\n    '),
    };
  });
  return {
    linksFor(pathname) {
      const path = segmentsOf(pathname);
      let best: PreloadRoute | undefined;
      for (const route of routes) {
        if (!matches(route, path)) continue;
        if (best === undefined || route.staticCount > best.staticCount) best = route;
      }
      return best?.links ?? '';
    },
  };
}
