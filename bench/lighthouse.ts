// Lighthouse scores (performance, accessibility, best practices, SEO) of the sign-in page and each role's
// home, in the mobile profile (a mid-range phone on a slow 4G, simulated) and the desktop one, against a real
// server started by bench/run.ts. Debian's Chromium, driven by the Puppeteer that Lighthouse ships with: the
// role's user signs in through the identity provider's page in one tab, and Lighthouse then loads the home
// in that same tab with its storage kept (the app's session lives in the tab's sessionStorage). Every page on
// the demo as it starts, then every home again on the demo aged as a shift leaves it (bench/demo-shift.ts). At the
// smoke size (`npm test`): one role's home, one run, in the desktop profile, on the fresh demo.
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { ROLE_HOME_ROUTES, ROLES } from '../src/lib/auth/roles.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { DEMO_PASSWORD, holdsMsalAccessToken } from '../e2e/support/sign-in.ts';
import { identityTexts } from '../server/src/identity/texts.ts';
import type { SpecServer } from '../e2e/support/server.ts';
import { shiftDemo } from './demo-shift.ts';
import { medianRun } from './lighthouse-median.ts';
import type { BenchSize } from './support.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The demo as it starts, or aged: its times moved back as if the shift had gone on (see AGED_MINUTES). */
export type Demo = 'fresh' | 'aged';

export interface LighthouseRow {
  readonly page: string;
  readonly demo?: Demo;
  readonly profile: 'mobile' | 'desktop';
  readonly scores: Record<(typeof CATEGORIES)[number], number>;
  readonly lcpMs: number;
  readonly tbtMs: number;
  /** Lighthouse's runtime error (NO_LCP, NO_FCP…) when it could not score the page, twice. */
  readonly error?: string;
  /** The lowest and highest performance score of the page's runs, when it had several. */
  readonly range?: readonly [number, number];
}

const PROFILES: readonly { name: LighthouseRow['profile']; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

export async function audit(page: Page, url: string, label: string, profile: (typeof PROFILES)[number]) {
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Keep the tab's session: the signed-in user's tokens are in its sessionStorage.
    disableStorageReset: true,
    // A signed-in page holds its live event stream open, so the network never goes quiet and Lighthouse
    // waits out this limit (45 s by default); everything it measures is over within the first seconds.
    maxWaitForLoad: 15_000,
  };
  const result = await lighthouse(url, flags, profile.config, page);
  if (!result) throw new Error(`Lighthouse gave no result for ${label}`);
  const { lhr } = result;
  const unscored =
    lhr.categories['performance']?.score === null
      ? (lhr.audits['largest-contentful-paint']?.errorMessage ?? 'no performance score').slice(0, 60)
      : undefined;
  const error = lhr.runtimeError?.code ?? unscored;
  const score = (category: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    page: label,
    profile: profile.name,
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, score(category)]),
    ) as LighthouseRow['scores'],
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    ...(error ? { error } : {}),
  } satisfies LighthouseRow;
}

// Lighthouse's own advice for a page's figures: several runs and their median, not one run. The simulated
// phone runs this machine's observed tasks four times slower, so one busy moment moves a single run by ten
// points; the desktop profile scores near 100 and varies little.
const RUNS: Record<LighthouseRow['profile'], number> = { mobile: 5, desktop: 1 };

/**
 * The aged demo: every case's times 75 minutes back, so on the restart the worker escalates and re-alerts what
 * fell due and the waiting cases are past their targets, as on a shift that has gone on.
 */
export const AGED_MINUTES = 75;

interface LighthouseSize {
  readonly profiles: typeof PROFILES;
  readonly runs: Record<LighthouseRow['profile'], number>;
  readonly signInPage: boolean;
  readonly roles: typeof ROLES;
}

const SIZES: Record<BenchSize, LighthouseSize> = {
  full: { profiles: PROFILES, runs: RUNS, signInPage: true, roles: ROLES },
  smoke: {
    profiles: PROFILES.filter((profile) => profile.name === 'desktop'),
    runs: { mobile: 1, desktop: 1 },
    signInPage: false,
    roles: ROLES.slice(0, 1),
  },
};

export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.locator('input#email').fill(email);
  await page.locator('input#password').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForNavigation(),
    page.locator(`::-p-aria([name="${identityTexts.signIn}"][role="button"])`).click(),
  ]);
  await page.waitForFunction(
    () => !window.location.pathname.startsWith('/oidc') && window.location.pathname !== '/redirect.html',
    { timeout: 60_000 },
  );
  // Back at the app, MSAL still exchanges the provider's code for the tokens: the home is audited once the
  // tab holds them, or its load would interrupt the sign-in and start another.
  await page.waitForFunction(holdsMsalAccessToken, { timeout: 60_000 });
}

export async function measureLighthouse(
  baseUrl: string,
  size: BenchSize = 'full',
  demo: Demo = 'fresh',
): Promise<LighthouseRow[]> {
  const { profiles, runs: runsOf, roles } = SIZES[size];
  // The sign-in page shows no case: measured on the fresh demo only.
  const signInPage = SIZES[size].signInPage && demo === 'fresh';
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    acceptInsecureCerts: true,
    headless: true,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const profile of profiles) {
      // The sign-in page: the public entry, signed out, through the redirect to the identity provider.
      const signInRuns: LighthouseRow[] = [];
      for (let run = 0; run < (signInPage ? runsOf[profile.name] : 0); run += 1) {
        const context = await browser.createBrowserContext();
        signInRuns.push(await audit(await context.newPage(), `${baseUrl}/`, 'sign-in (from /)', profile));
        await context.close();
      }
      const signInMedian = medianRun(signInRuns);
      if (signInMedian) rows.push({ ...signInMedian, demo });
      for (const role of roles) {
        const runs: LighthouseRow[] = [];
        for (let run = 0; run < runsOf[profile.name]; run += 1) {
          // A run Lighthouse could not score at all (a trace without its paint events, now and then) is run
          // once more, in a fresh session; a second failure is written down with its error.
          let row: LighthouseRow | undefined;
          for (let attempt = 0; attempt < 2 && (row === undefined || row.error !== undefined); attempt += 1) {
            const roleContext = await browser.createBrowserContext();
            const page = await roleContext.newPage();
            await signIn(page, baseUrl, `${role}@demo.test`);
            row = await audit(page, `${baseUrl}${ROLE_HOME_ROUTES[role]}`, `${role} home`, profile);
            await roleContext.close();
          }
          if (row) runs.push(row);
        }
        const median = medianRun(runs);
        if (median) rows.push({ ...median, demo });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The fresh demo's pages, then the server stopped, the demo aged in its database, and every home again. */
export async function measureFreshAndAged(server: SpecServer, size: BenchSize): Promise<LighthouseRow[]> {
  const fresh = await measureLighthouse(server.url, size, 'fresh');
  await server.stop();
  await shiftDemo(server.dataDir, { ageMinutes: AGED_MINUTES });
  await server.start();
  return [...fresh, ...(await measureLighthouse(server.url, size, 'aged'))];
}

export function lighthouseMarkdown(rows: readonly LighthouseRow[]): string {
  return [
    '| page | demo | profile | performance (median; lowest–highest run) | accessibility | best practices | SEO | LCP ms | TBT ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) =>
      row.error
        ? `| ${row.page} | ${row.demo ?? 'fresh'} | ${row.profile} | not scored: ${row.error} | | | | | |`
        : `| ${row.page} | ${row.demo ?? 'fresh'} | ${row.profile} | ${row.scores.performance}${row.range ? ` (${row.range[0]}–${row.range[1]})` : ''} | ${row.scores.accessibility} | ` +
          `${row.scores['best-practices']} | ${row.scores.seo} | ${row.lcpMs} | ${row.tbtMs} |`,
    ),
  ].join('\n');
}
