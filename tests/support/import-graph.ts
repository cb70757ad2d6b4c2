// The SPA's modules as the bundler splits them, read from the source: what the entry loads up front (its
// static imports, followed), and each module that is loaded on demand (a dynamic import or a glob of them)
// with what it loads in turn. Tests hold rules about chunks against it without building.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface ModuleInfo {
  /** Files this one imports statically (resolved paths under the repository). */
  readonly imports: readonly string[];
  /** Files it loads on demand. */
  readonly lazy: readonly string[];
  /** Bare imports with the names taken from them: `{ '@mantine/core': ['Button'] }`, type-only names left out. */
  readonly packages: ReadonlyMap<string, readonly string[]>;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^;']*?)\s+from\s+)?'([^']+)';/gm;
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)/g;
const GLOB_IMPORT = /import\.meta\.glob(?:<[^>]*>)?\(\s*'([^']+)'/g;

function namesIn(clause: string | undefined): string[] {
  const braces = clause?.match(/\{([\s\S]*)\}/)?.[1];
  if (braces === undefined) return [];
  return braces
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);
}

function resolveRelative(from: string, specifier: string): string {
  return normalize(join(dirname(from), specifier));
}

const cache = new Map<string, ModuleInfo>();

export function readModule(file: string): ModuleInfo {
  const cached = cache.get(file);
  if (cached) return cached;
  const text = readFileSync(file, 'utf8');
  const imports: string[] = [];
  const packages = new Map<string, string[]>();
  for (const [, typeOnly, clause, specifier] of text.matchAll(STATIC_IMPORT)) {
    if (typeOnly !== undefined || specifier === undefined) continue;
    if (specifier.startsWith('.')) imports.push(resolveRelative(file, specifier));
    else packages.set(specifier, [...(packages.get(specifier) ?? []), ...namesIn(clause)]);
  }
  const lazy = [...text.matchAll(DYNAMIC_IMPORT)]
    .map((match) => match[1] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier));
  for (const [, pattern] of text.matchAll(GLOB_IMPORT)) {
    if (pattern === undefined) continue;
    const base = dirname(file);
    lazy.push(...globSync(pattern, { cwd: base }).map((match) => normalize(join(base, match))));
  }
  const info = { imports, lazy, packages };
  cache.set(file, info);
  return info;
}

/** Every module the file loads with it, itself included: its static imports, followed. */
export function staticClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || !/\.(ts|tsx)$/.test(current) || !existsSync(current)) return;
    seen.add(current);
    for (const next of readModule(current).imports) visit(next);
  };
  visit(file);
  return seen;
}

/** The modules loaded on demand, anywhere below the entry: each is the root of a chunk of its own. */
export function lazyRoots(entry: string): string[] {
  const roots = new Set<string>();
  const pending = [entry];
  const done = new Set<string>();
  while (pending.length > 0) {
    const root = pending.pop() as string;
    if (done.has(root)) continue;
    done.add(root);
    for (const file of staticClosure(root)) {
      for (const lazy of readModule(file).lazy) {
        roots.add(lazy);
        pending.push(lazy);
      }
    }
  }
  return [...roots].sort();
}

/** A path as the tests print it: relative to the repository. */
export function shown(file: string): string {
  return relative(process.cwd(), file);
}
