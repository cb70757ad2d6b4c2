// The build's list of each route's modules: the screen's chunk and what it imports, with the shell's for a
// signed-in route, less what index.html loads already.
import { resolve } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { routePreloadsOf } from '../../scripts/route-preloads-plugin.ts';
import { type RouteName, routes } from '../../src/config/routes.ts';

const SRC = resolve(import.meta.dirname, '../../src');

function chunk(fileName: string, fields: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/\.js$/, ''),
    imports: [],
    dynamicImports: [],
    moduleIds: [],
    facadeModuleId: null,
    isEntry: false,
    isDynamicEntry: false,
    ...fields,
  } as Rollup.OutputChunk;
}

const screenFile = (name: RouteName) => `assets/${routes[name].screen.replaceAll('/', '_')}.js`;

/** A bundle like the app's: an entry, the start-up chunk it imports, the shell, and a chunk per screen. */
function bundle(): Rollup.OutputBundle {
  const chunks = [
    chunk('assets/index.js', { isEntry: true, name: 'main', imports: ['assets/main.js'] }),
    chunk('assets/main.js', { imports: ['assets/react.js'] }),
    chunk('assets/react.js'),
    chunk('assets/shell.js', {
      facadeModuleId: resolve(SRC, 'app/shell/app-shell-layout.tsx'),
      imports: ['assets/main.js', 'assets/badge.js'],
    }),
    chunk('assets/badge.js', { imports: ['assets/react.js'] }),
    chunk('assets/cases.js', { imports: ['assets/badge.js', 'assets/dropped-style.js'] }),
    ...(Object.keys(routes) as RouteName[]).map((name) =>
      chunk(screenFile(name), {
        facadeModuleId: resolve(SRC, 'app/routes', `${routes[name].screen}.tsx`),
        imports: name === 'doctorCases' ? ['assets/cases.js', 'assets/main.js'] : [],
        // A lazy import is fetched when the screen asks for it, not with the page.
        dynamicImports: ['assets/later.js'],
      }),
    ),
    chunk('assets/later.js'),
  ];
  return Object.fromEntries(chunks.map((item) => [item.fileName, item]));
}

describe("each route's preloads", () => {
  const { routes: listed } = routePreloadsOf(bundle());
  const filesOf = (name: RouteName) => listed.find((route) => route.path === routes[name].path)?.files;

  it('lists every route of the table, by its path pattern', () => {
    expect(listed.map((route) => route.path).sort()).toEqual(
      Object.values(routes)
        .map((route) => route.path)
        .sort(),
    );
  });

  it("gives a signed-in screen its chunk, its imports and the shell's, none of what the page loads", () => {
    expect(filesOf('doctorCases')).toEqual([
      `/${screenFile('doctorCases')}`,
      '/assets/cases.js',
      '/assets/badge.js',
      '/assets/shell.js',
    ]);
  });

  it('gives a public screen no shell', () => {
    expect(filesOf('signIn')).toEqual([`/${screenFile('signIn')}`]);
  });

  it("writes the files under the build's base", () => {
    const atBase = routePreloadsOf(bundle(), '/app/').routes.find((route) => route.path === '/sign-in');
    expect(atBase?.files).toEqual([`/app/${screenFile('signIn')}`]);
  });

  it('stops the build when a screen has no chunk', () => {
    const partial = Object.fromEntries(
      Object.entries(bundle()).filter(([file]) => file !== screenFile('signIn')),
    );
    expect(() => routePreloadsOf(partial)).toThrow(/sign-in-page\.tsx/);
  });
});
