// What the browser downloads, compressed, from opening the app to each role's home screen; and the
// largest lazy chunk of the build. Run by bench/run.ts against a real server. Per role, the scripts are
// counted twice: as sent (brotli) and gzip-compressed, the measure the libraries' floor is given in. At the
// smoke size (`npm test`), one role.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROLE_HOME_ROUTES, ROLES } from '../src/lib/auth/roles.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { signIn, trimmedPath } from '../e2e/support/sign-in.ts';
import type { BenchSize } from './support.ts';

export interface BundleFigures {
  readonly perRole: readonly {
    role: string;
    jsKb: number;
    jsGzipKb: number;
    cssKb: number;
    requests: number;
  }[];
  readonly largestLazyChunk: { file: string; kb: number };
  readonly entryKb: number;
  /** What `/` loads to send a signed-out visitor to the identity provider (root.html's chunks, gzip). */
  readonly signInKb: number;
}

const kb = (bytes: number): number => Math.round(bytes / 102.4) / 10;

function gzippedSize(file: string): number {
  const gz = `${file}.gz`;
  try {
    return statSync(gz).size;
  } catch {
    return statSync(file).size;
  }
}

/** Chunks the entry page loads up front versus those loaded on demand, read from the build output. */
function chunkSizes(distDir: string): Omit<BundleFigures, 'perRole'> {
  const referenced = (page: string) =>
    new Set(
      [...readFileSync(join(distDir, page), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
        (m) => m[1],
      ),
    );
  const upfront = referenced('index.html');
  const signInPage = referenced('root.html');
  // The redirect page and `/` are entries of their own (MSAL's redirect bridge, sign-in first), not lazy parts.
  const otherEntries = new Set([...referenced('redirect.html'), ...signInPage]);
  let entry = 0;
  let signInBytes = 0;
  let largest = { file: '', kb: 0 };
  for (const name of readdirSync(join(distDir, 'assets'))) {
    if (!name.endsWith('.js')) continue;
    const size = gzippedSize(join(distDir, 'assets', name));
    if (signInPage.has(`assets/${name}`)) signInBytes += size;
    if (upfront.has(`assets/${name}`)) entry += size;
    else if (otherEntries.has(`assets/${name}`)) continue;
    else if (kb(size) > largest.kb) largest = { file: name, kb: kb(size) };
  }
  return { entryKb: kb(entry), signInKb: kb(signInBytes), largestLazyChunk: largest };
}

export async function measureBundle(
  baseUrl: string,
  size: BenchSize = 'full',
  distDir = 'dist',
): Promise<BundleFigures> {
  const roles = size === 'full' ? ROLES : ROLES.slice(0, 1);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const perRole = [];
  try {
    for (const role of roles) {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const pending: Promise<{ url: string; type: string; bytes: number; gzipBytes: number }>[] = [];
      let inFlight = 0;
      let lastChange = Date.now();
      const isAsset = (type: string) => type === 'script' || type === 'stylesheet';
      page.on('request', (request) => {
        if (!isAsset(request.resourceType())) return;
        inFlight += 1;
        lastChange = Date.now();
      });
      page.on('requestfailed', (request) => {
        if (!isAsset(request.resourceType())) return;
        inFlight -= 1;
        lastChange = Date.now();
      });
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (!isAsset(type)) return;
        inFlight -= 1;
        lastChange = Date.now();
        const url = request.url();
        // The sign-in page's own assets are not the SPA's build: they count as sent.
        const built = join(distDir, new URL(url).pathname);
        pending.push(
          request.sizes().then((sizes) => ({
            url,
            type,
            bytes: sizes.responseBodySize,
            gzipBytes: existsSync(built) ? gzippedSize(built) : sizes.responseBodySize,
          })),
        );
      });
      await signIn(page, `${role}@demo.test`, `${baseUrl}/`);
      await page.waitForFunction(
        (home) => window.location.pathname.replace(/\/$/, '') === home,
        ROLE_HOME_ROUTES[role],
      );
      // Not 'networkidle': the screens hold the event stream open. Settled is no script or stylesheet
      // in flight and none started for a second.
      const settledBy = Date.now() + 30_000;
      while (inFlight > 0 || Date.now() - lastChange < 1000) {
        if (Date.now() > settledBy) throw new Error(`${role}'s scripts and styles never settled`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (trimmedPath(page) !== ROLE_HOME_ROUTES[role]) throw new Error(`${role} did not reach its home`);
      // The app loads again when the provider sends the browser back: an asset it already has comes from
      // the cache (no body over the wire) and counts once, from its first download.
      const downloaded = new Map<string, Awaited<(typeof pending)[number]>>();
      for (const entry of await Promise.all(pending)) {
        if (entry.bytes > 0 && !downloaded.has(entry.url)) downloaded.set(entry.url, entry);
      }
      const loaded = [...downloaded.values()];
      const sum = (type: string, size: (entry: (typeof loaded)[number]) => number) =>
        loaded.filter((entry) => entry.type === type).reduce((total, entry) => total + size(entry), 0);
      perRole.push({
        role,
        jsKb: kb(sum('script', (entry) => entry.bytes)),
        jsGzipKb: kb(sum('script', (entry) => entry.gzipBytes)),
        cssKb: kb(sum('stylesheet', (entry) => entry.bytes)),
        requests: loaded.length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { perRole, ...chunkSizes(distDir) };
}

export function bundleMarkdown(figures: BundleFigures): string {
  const rows = figures.perRole.map(
    (row) => `| ${row.role} | ${row.jsKb} | ${row.jsGzipKb} | ${row.cssKb} | ${row.requests} |`,
  );
  return [
    '| role | JS kB (as sent, brotli) | JS kB (gzip) | CSS kB (as sent, brotli) | JS+CSS requests |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `The entry page's own chunks, gzip-compressed as the floor is counted: ${figures.entryKb} kB; the sign-in entry's (\`/\`, signed out): ${figures.signInKb} kB. Largest lazy chunk (gzip, or raw under 1 kB): ${figures.largestLazyChunk.file} ${figures.largestLazyChunk.kb} kB.`,
  ].join('\n');
}
