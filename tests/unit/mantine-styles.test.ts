// Mantine's components are styled by stylesheets of their own, and we import only the ones our screens use
// (the whole of Mantine's would cost every role about 20 kB more of render-blocking CSS). This keeps that
// list honest: every Mantine component a chunk renders has its stylesheets in that chunk or in the entry,
// so a component used for the first time cannot render bare.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyRoots, readModule, shown, staticClosure } from '../support/import-graph.ts';

const ENTRY = normalize('src/main.tsx');
const MANTINE_ESM = 'node_modules/@mantine/core/esm';
const STYLESHEET = /^@mantine\/core\/styles\/(.+)\.css$/;

/** Where @mantine/core's index takes each of its exports from. */
function mantineExports(): Map<string, string> {
  const index = readFileSync(join(MANTINE_ESM, 'index.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const [, names = '', from = ''] of index.matchAll(/^import \{ ([^}]+) \} from "(\.[^"]+)";$/gm)) {
    for (const name of names.split(','))
      files.set(name.trim().split(/\s+as\s+/)[0] ?? '', join(MANTINE_ESM, from));
  }
  return files;
}

/** The stylesheets a Mantine module needs: one per CSS module it reaches through its imports. */
function mantineStylesheets(file: string, seen = new Set<string>()): Set<string> {
  const sheets = new Set<string>();
  if (seen.has(file)) return sheets;
  seen.add(file);
  const module = /([^/]+)\.module\.mjs$/.exec(file);
  if (module?.[1] !== undefined) sheets.add(module[1]);
  for (const [, from = ''] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
    for (const sheet of mantineStylesheets(normalize(join(dirname(file), from)), seen)) sheets.add(sheet);
  }
  return sheets;
}

const exportsOfMantine = mantineExports();

function sheetsNeededBy(files: Iterable<string>): Map<string, string> {
  const needed = new Map<string, string>();
  for (const file of files) {
    for (const name of readModule(file).packages.get('@mantine/core') ?? []) {
      const source = exportsOfMantine.get(name);
      if (source === undefined)
        throw new Error(`${shown(file)} imports ${name}, which @mantine/core does not export`);
      for (const sheet of mantineStylesheets(source)) needed.set(sheet, `${name} in ${shown(file)}`);
    }
  }
  return needed;
}

function sheetsImportedBy(files: Iterable<string>): Set<string> {
  const imported = new Set<string>();
  for (const file of files) {
    for (const specifier of readModule(file).packages.keys()) {
      const sheet = STYLESHEET.exec(specifier)?.[1];
      if (sheet !== undefined) imported.add(sheet);
    }
  }
  return imported;
}

function missingSheets(files: Set<string>, available: Set<string>): string[] {
  return [...sheetsNeededBy(files)]
    .filter(([sheet]) => !available.has(sheet))
    .map(([sheet, usedBy]) => `${sheet}.css (for ${usedBy})`)
    .sort();
}

const entry = staticClosure(ENTRY);
const entrySheets = sheetsImportedBy(entry);

describe("Mantine's stylesheets", () => {
  it('knows the stylesheet of a component, and those of the parts it is built from', () => {
    const multiSelect = mantineStylesheets(exportsOfMantine.get('MultiSelect') ?? '');
    expect([...multiSelect]).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Pill', 'PillsInput']));
    expect([...mantineStylesheets(exportsOfMantine.get('Button') ?? '')]).toContain('Button');
    for (const sheet of multiSelect) {
      expect(existsSync(`node_modules/@mantine/core/styles/${sheet}.css`), sheet).toBe(true);
    }
  });

  it('are imported up front for every component the entry renders', () => {
    expect(missingSheets(entry, entrySheets)).toEqual([]);
  });

  it.each(lazyRoots(ENTRY).map(shown))('are imported with %s for every component it renders', (root) => {
    const available = new Set([...entrySheets, ...sheetsImportedBy(staticClosure(normalize(root)))]);
    expect(missingSheets(staticClosure(normalize(root)), available)).toEqual([]);
  });

  it('finds every screen as a chunk of its own', () => {
    expect(lazyRoots(ENTRY).map(shown)).toEqual(
      expect.arrayContaining([
        'src/app/routes/specialist/case-page.tsx',
        'src/app/routes/settings/settings-page.tsx',
      ]),
    );
  });
});
