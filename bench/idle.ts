// What an open page costs while nobody touches it: each role's home signed in, left open at 360 and 1280 px, its
// main-thread time per second over a window, from the DevTools Performance metrics (`TaskDuration`: all main-
// thread tasks; `ScriptDuration`: the script part) read through a CDP session at the window's start and end. The
// goal: at most 5 ms per second on every role home. Each home is measured with the demo hospital holding 20 open
// cases and again with 200, a quarter of them past their clinical target (bench/demo-shift.ts writes them into
// the stopped server's database between the two). Figures as Markdown for docs/benchmarks.md. At the smoke size
// (`npm test`): one role at 1280 px over 2 s, with the demo's 20 open cases.
import puppeteer, { type Page } from 'puppeteer-core';
import { ROLE_HOME_ROUTES, ROLES } from '../src/lib/auth/roles.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import type { SpecServer } from '../e2e/support/server.ts';
import { shiftDemo } from './demo-shift.ts';
import { signIn } from './lighthouse.ts';
import type { BenchResult, BenchSize } from './support.ts';

const GOAL_MS_PER_SECOND = 5;

interface IdleSize {
  readonly roles: typeof ROLES;
  readonly widths: readonly number[];
  /** How long the page is left open before the window: its first answers and renders are not idle. */
  readonly settleMs: number;
  readonly windowMs: number;
  /** The demo hospital's open cases in each round of measurements. */
  readonly openCases: readonly number[];
}

const SIZES: Record<BenchSize, IdleSize> = {
  // 10 s to settle: the app loads MSAL's code once a screen has had 4 s and the browser is idle, a one-off task
  // that fell into the window after 5 s on a busy machine (homes without a single timer read up to 19 ms/s).
  full: { roles: ROLES, widths: [360, 1280], settleMs: 10_000, windowMs: 20_000, openCases: [20, 200] },
  smoke: { roles: ROLES.slice(0, 1), widths: [1280], settleMs: 1_000, windowMs: 2_000, openCases: [20] },
};

/** A quarter of the open cases past their clinical target, still waiting for a specialist. */
const OVERDUE_SHARE = 0.25;

export interface IdleRow {
  readonly role: string;
  /** The demo hospital's open cases. */
  readonly openCases: number;
  readonly width: number;
  /** Case cards on the screen during the window. */
  readonly cards: number;
  readonly taskMsPerSecond: number;
  readonly scriptMsPerSecond: number;
  /** Style recalculation and layout, per second. */
  readonly styleLayoutMsPerSecond: number;
}

type Metrics = Record<string, number>;

async function metricsOf(session: Awaited<ReturnType<Page['createCDPSession']>>): Promise<Metrics> {
  const { metrics } = await session.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
}

const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

async function measureHome(
  page: Page,
  baseUrl: string,
  at: { role: string; width: number; openCases: number },
  size: IdleSize,
) {
  const { role, width, openCases } = at;
  await page.setViewport({ width, height: width < 600 ? 780 : 900 });
  await page.goto(`${baseUrl}${ROLE_HOME_ROUTES[role as keyof typeof ROLE_HOME_ROUTES]}`);
  await page.locator('h1').wait();
  await wait(size.settleMs);
  const session = await page.createCDPSession();
  await session.send('Performance.enable');
  const before = await metricsOf(session);
  const started = performance.now();
  await wait(size.windowMs);
  const after = await metricsOf(session);
  const seconds = (performance.now() - started) / 1000;
  const perSecond = (name: string): number =>
    (((after[name] ?? Number.NaN) - (before[name] ?? Number.NaN)) * 1000) / seconds;
  const cards = await page.$$eval('[data-case-id]', (elements) => elements.length);
  await session.detach();
  return {
    role,
    openCases,
    width,
    cards,
    taskMsPerSecond: perSecond('TaskDuration'),
    scriptMsPerSecond: perSecond('ScriptDuration'),
    styleLayoutMsPerSecond: perSecond('RecalcStyleDuration') + perSecond('LayoutDuration'),
  } satisfies IdleRow;
}

async function measureHomes(baseUrl: string, size: IdleSize, openCases: number): Promise<IdleRow[]> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    acceptInsecureCerts: true,
    headless: true,
  });
  const rows: IdleRow[] = [];
  try {
    for (const role of size.roles) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await signIn(page, baseUrl, `${role}@demo.test`);
      for (const width of size.widths)
        rows.push(await measureHome(page, baseUrl, { role, width, openCases }, size));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * Every role home at each number of open cases. The server is stopped between the rounds and the demo shaped
 * in its database: its own 20 open cases first, then copies up to 200, with a quarter overdue each time.
 */
export async function measureIdle(server: SpecServer, sizeName: BenchSize = 'full'): Promise<IdleRow[]> {
  const size = SIZES[sizeName];
  const rows: IdleRow[] = [];
  for (const openCases of size.openCases) {
    await server.stop();
    await shiftDemo(server.dataDir, { openCases, overdueShare: OVERDUE_SHARE });
    await server.start();
    rows.push(...(await measureHomes(server.url, size, openCases)));
  }
  return rows;
}

const figure = (value: number): string => value.toFixed(1);

export function idleMarkdown(rows: readonly IdleRow[]): string {
  const worst = Math.max(...rows.map((row) => row.taskMsPerSecond));
  return [
    '| role home | open cases | width px | case cards on the page | main thread ms/s | script ms/s | style and layout ms/s |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.role} | ${row.openCases} | ${row.width} | ${row.cards} | ${figure(row.taskMsPerSecond)} | ` +
        `${figure(row.scriptMsPerSecond)} | ${figure(row.styleLayoutMsPerSecond)} |`,
    ),
    '',
    `Worst: ${figure(worst)} ms of main-thread time per second (goal ≤ ${GOAL_MS_PER_SECOND}: ${worst <= GOAL_MS_PER_SECOND ? 'met' : 'not met'} on this run).`,
  ].join('\n');
}

export async function idleBenchmark(server: SpecServer, size: BenchSize): Promise<BenchResult> {
  const rows = await measureIdle(server, size);
  const { roles, widths, openCases } = SIZES[size];
  return {
    markdown: idleMarkdown(rows),
    faults: { 'homes not measured': roles.length * widths.length * openCases.length - rows.length },
  };
}
