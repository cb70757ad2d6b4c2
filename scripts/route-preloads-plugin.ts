// The build's list of each route's modules (route-preloads.json beside index.html): the screen's chunk and the
// chunks it imports, with the shell's for a signed-in route, less what index.html loads already. The server
// names them as module preloads in the page it answers for that address, so the browser fetches the screen's
// code alongside the start-up code, and the app's loader finds them linked instead of adding a link per module
// while it starts.
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ROUTE_PRELOADS_FILE } from '../server/src/http/route-preloads.ts';
import { routes } from '../src/config/routes.ts';

export interface RoutePreloads {
  /** One entry per route: its path pattern as the route table writes it, and the files to preload. */
  readonly routes: readonly { readonly path: string; readonly files: readonly string[] }[];
}

const SRC = resolve(import.meta.dirname, '../src');
const SHELL_MODULE = resolve(SRC, 'app/shell/app-shell-layout.tsx');

/** A chunk and every chunk it imports statically, as the browser would fetch them. */
function withStaticImports(
  chunk: Rollup.OutputChunk,
  byFile: ReadonlyMap<string, Rollup.OutputChunk>,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  // An import of a chunk no longer in the bundle (a stylesheet's empty chunk, dropped) fetches nothing.
  for (const imported of chunk.imports) {
    const next = byFile.get(imported);
    if (next) withStaticImports(next, byFile, into);
  }
  return into;
}

/** The preload lists of a finished bundle; throws when a route's screen or the shell has no chunk. */
export function routePreloadsOf(bundle: Rollup.OutputBundle, base = '/'): RoutePreloads {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (moduleId: string): Rollup.OutputChunk => {
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === moduleId) ??
      chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`No chunk of the build holds ${moduleId}`);
    return chunk;
  };
  // What index.html itself loads: its entry and the entry's static imports, already linked in the page.
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'main');
  if (!entry) throw new Error('The build has no entry chunk named main (index.html)');
  const inPage = withStaticImports(entry, byFile);
  const shell = withStaticImports(chunkOf(SHELL_MODULE), byFile);
  return {
    routes: Object.values(routes).map((route) => {
      const files = withStaticImports(chunkOf(resolve(SRC, 'app/routes', `${route.screen}.tsx`)), byFile);
      if (route.access !== 'public') for (const file of shell) files.add(file);
      return {
        path: route.path,
        files: [...files].filter((file) => !inPage.has(file)).map((file) => `${base}${file}`),
      };
    }),
  };
}

export function routePreloads(): Plugin {
  let base = '/';
  return {
    name: 'case-router-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // After Vite's own steps, which drop the empty chunks of stylesheets the screens import.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(routePreloadsOf(bundle, base), null, 2)}\n`,
        });
      },
    },
  };
}
