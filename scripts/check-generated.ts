// Fails when generated/ differs from what `npm run generate` makes of openapi/ now.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generate } from './generate.ts';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

// Inside the project, so that the formatter reads the project's own settings.
mkdirSync('.tmp', { recursive: true });
const fresh = mkdtempSync(join('.tmp', 'generated-'));
try {
  generate(fresh);
  const committed = listFiles('generated');
  const expected = listFiles(fresh);
  const stale = [
    ...expected.filter((file) => !committed.includes(file)).map((file) => `missing: generated/${file}`),
    ...committed.filter((file) => !expected.includes(file)).map((file) => `extra: generated/${file}`),
    ...expected
      .filter((file) => committed.includes(file))
      .filter((file) => !readFileSync(join('generated', file)).equals(readFileSync(join(fresh, file))))
      .map((file) => `differs: generated/${file}`),
  ];
  if (stale.length > 0) {
    console.error(`generated/ is out of date with openapi/. Run \`npm run generate\`.\n${stale.join('\n')}`);
    process.exit(1);
  }
  console.log(`generated/ is in sync with openapi/ (${expected.length} files).`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
