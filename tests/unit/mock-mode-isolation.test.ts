// The mock mode's sign-in and service worker exist only in the mock build: nothing the production entry loads,
// up front or on demand, comes from src/mock/ or from MSW. The built files are checked too,
// by e2e/mock-mode.spec.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lazyRoots, readModule, shown, staticClosure } from '../support/import-graph.ts';

// index.html's entry, and root.html's (the address `/`).
const ENTRIES = ['src/main.tsx', 'src/root.ts'];

function productionModules(): string[] {
  const files = new Set<string>();
  for (const root of ENTRIES.flatMap((entry) => [entry, ...lazyRoots(entry)])) {
    for (const file of staticClosure(root)) files.add(shown(file));
  }
  return [...files].sort();
}

describe('the production build', () => {
  const modules = productionModules();

  it('reaches the app, its screens and its sign-in', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/root.ts',
        'src/lib/auth/auth-session.ts',
        'src/app/router.tsx',
      ]),
    );
    expect(modules.length).toBeGreaterThan(100);
  });

  it('holds no module of the mock mode', () => {
    expect(modules.filter((file) => file.startsWith('src/mock/'))).toEqual([]);
  });

  it('imports no MSW', () => {
    const withMsw = modules.filter((file) =>
      [...readModule(file).packages.keys()].some((name) => name.startsWith('msw')),
    );
    expect(withMsw).toEqual([]);
  });

  it('starts from src/main.tsx, which only the mock mode swaps for its own entry', () => {
    expect(readFileSync('index.html', 'utf8')).toContain('src="/src/main.tsx"');
    expect(readFileSync('root.html', 'utf8')).toContain('src="/src/root.ts"');
    expect(readFileSync('vite.config.ts', 'utf8')).toMatch(/apply: \(_config, env\) => env\.mode === 'mock'/);
  });
});
