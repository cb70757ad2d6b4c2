// Create → the offered specialist's screen, measured in real browsers: the ER doctor opens cases one after
// another through the API (with the bearer their own browser signed in for) while the on-call neurologist's
// case box is open in Chromium, and another neurologist's case box beside it. For each case it records, on one
// wall clock (Node's and each page's performance.timeOrigin + performance.now()):
//   - when a Node event stream of the specialist received the offer (the stream on its own);
//   - when the page's own event stream received it (its fetch read through a tee of the response);
//   - when the case box's list request that followed started and ended (what a refetch costs);
//   - when the card `[data-case-id="…"]` was added to the page (a MutationObserver).
// Each case is cancelled once it is on screen and gone from the box before the next, so every case is the
// box's newest and within its first page. Shared by e2e/case-to-screen.spec.ts (CI size) and
// bench/screen.ts (full size); neither asserts a time.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { apiCall, bearerOf, openEventStream, wallNow } from './node-client.ts';
import { signIn } from './sign-in.ts';

export const DOCTOR_EMAIL = 'er_doctor@demo.test';
/** The demo rota's on-call Neurology primary at St George's. */
export const SPECIALIST_EMAIL = 'specialist@demo.test';
/** Another St George's neurologist: never offered these cases while the primary holds them. */
export const OTHER_NEUROLOGIST_EMAIL = 'neurology.1.sgh@demo.test';

export interface CaseTiming {
  readonly caseId: string;
  /** Wall-clock ms when the creation was sent. */
  readonly sentAt: number;
  /** From sending to the Node stream receiving the offer. */
  readonly nodeStreamMs: number;
  /** From sending to the page's own event stream receiving it. */
  readonly pageStreamMs: number;
  /** From sending to the card being added to the page. */
  readonly screenMs: number;
  /** The case box's first list request after the page's stream received it: start and end, from sending. */
  readonly refetchStartMs: number | null;
  readonly refetchEndMs: number | null;
  /** How often each saw it: the offer on the Node stream, the offer on the page's stream, the card added. */
  readonly nodeStreamCount: number;
  readonly pageStreamCount: number;
  readonly screenCount: number;
}

export interface ScreenRun {
  readonly timings: readonly CaseTiming[];
  /** Cards of these cases ever added to the other neurologist's case box (the ids). */
  readonly seenByOther: readonly string[];
}

interface ListFetch {
  readonly start: number;
  end: number | null;
}

interface PageProbe {
  streamAt: Record<string, number>;
  streamCount: Record<string, number>;
  screenAt: Record<string, number>;
  screenCount: Record<string, number>;
  listFetches: ListFetch[];
}

declare global {
  interface Window {
    __caseScreen?: PageProbe;
  }
}

/** Runs in the page before the app: the probe the measurements read. Self-contained (serialised). */
function installProbe(): void {
  const now = (): number => performance.timeOrigin + performance.now();
  const probe: PageProbe = { streamAt: {}, streamCount: {}, screenAt: {}, screenCount: {}, listFetches: [] };
  window.__caseScreen = probe;

  const readStream = async (response: Response): Promise<void> => {
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (reader === undefined) return;
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      const at = now();
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data === undefined) continue;
        const event = JSON.parse(data.slice(6)) as { caseId?: string; notification?: { kind?: string } };
        if (typeof event.caseId !== 'string' || event.notification?.kind !== 'case_offered') continue;
        probe.streamAt[event.caseId] ??= at;
        probe.streamCount[event.caseId] = (probe.streamCount[event.caseId] ?? 0) + 1;
      }
    }
  };

  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const isList = url.includes('/api/v1/cases?') && url.includes('scope=offered');
    const entry: ListFetch | undefined = isList ? { start: now(), end: null } : undefined;
    if (entry) probe.listFetches.push(entry);
    const response = await original(input, init);
    if (url.includes('/api/v1/events')) void readStream(response.clone());
    if (entry) {
      // The body read in full: when the app's own read of it can finish.
      void response
        .clone()
        .arrayBuffer()
        .then(() => (entry.end = now()))
        .catch(() => undefined);
    }
    return response;
  };

  const record = (element: Element): void => {
    const id = element.getAttribute('data-case-id');
    if (id === null) return;
    probe.screenAt[id] ??= now();
    probe.screenCount[id] = (probe.screenCount[id] ?? 0) + 1;
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue;
        record(node);
        node.querySelectorAll('[data-case-id]').forEach(record);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

interface CaseBox {
  readonly page: Page;
  readonly context: BrowserContext;
  /** The bearer the page sends. */
  readonly token: () => Promise<string>;
}

async function caseBoxOf(browser: Browser, baseURL: string, email: string): Promise<CaseBox> {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  const token = bearerOf(page);
  await signIn(page, email, '/specialist/cases');
  await expect(page.getByRole('heading', { name: 'Case box' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Offered' })).toHaveAttribute('aria-selected', 'true');
  // Loaded: the list or its empty state, not the spinner.
  await expect(
    page.getByRole('list', { name: 'Offered to me' }).or(page.getByText('Nothing is waiting for you.')),
  ).toBeVisible();
  return { page, context, token };
}

const probeOf = (page: Page): Promise<PageProbe> =>
  page.evaluate(() => {
    const probe = window.__caseScreen;
    if (probe === undefined) throw new Error('The page has no probe');
    return probe;
  });

/** An emergent stroke case at St George's, as the doctor's form sends it (no names: initials only). */
function strokeCase(index: number): Record<string, unknown> {
  const now = Date.now();
  return {
    specialtyId: 'spc_neurology',
    urgency: 'emergent',
    patient: { age: 60 + (index % 30), sex: index % 2 === 0 ? 'female' : 'male' },
    doorTime: new Date(now - 20 * 60_000).toISOString(),
    chiefComplaint: 'Sudden left-sided weakness',
    triageAnswers: {
      tq_sgh_neurology_onset: new Date(now - 40 * 60_000).toISOString(),
      tq_sgh_neurology_nihss: 9,
      tq_sgh_neurology_anticoagulated: false,
    },
  };
}

export interface ScreenRunOptions {
  readonly browser: Browser;
  readonly baseUrl: string;
  /** Measured cases. */
  readonly cases: number;
  /** Cases before them, not measured (JIT, caches, the first render of a list). */
  readonly warmUp?: number;
}

export async function measureCreateToScreen({
  browser,
  baseUrl,
  cases,
  warmUp = 0,
}: ScreenRunOptions): Promise<ScreenRun> {
  const contexts: BrowserContext[] = [];
  const streams: { close(): void }[] = [];
  try {
    const doctorContext = await browser.newContext({ baseURL: baseUrl, ignoreHTTPSErrors: true });
    contexts.push(doctorContext);
    const doctorPage = await doctorContext.newPage();
    const doctorToken = bearerOf(doctorPage);
    await signIn(doctorPage, DOCTOR_EMAIL);
    const doctor = await doctorToken();

    const specialist = await caseBoxOf(browser, baseUrl, SPECIALIST_EMAIL);
    contexts.push(specialist.context);
    const other = await caseBoxOf(browser, baseUrl, OTHER_NEUROLOGIST_EMAIL);
    contexts.push(other.context);

    const nodeAt = new Map<string, number>();
    const nodeCount = new Map<string, number>();
    const nodeWaiting = new Map<string, () => void>();
    streams.push(
      await openEventStream(baseUrl, await specialist.token(), (event, at) => {
        if (typeof event.caseId !== 'string' || event.notification?.kind !== 'case_offered') return;
        if (!nodeAt.has(event.caseId)) nodeAt.set(event.caseId, at);
        nodeCount.set(event.caseId, (nodeCount.get(event.caseId) ?? 0) + 1);
        nodeWaiting.get(event.caseId)?.();
      }),
    );

    const measured: { caseId: string; sentAt: number }[] = [];
    for (let index = 0; index < warmUp + cases; index += 1) {
      const sentAt = wallNow();
      const created = await apiCall<{ id: string }>(baseUrl, doctor, 'POST', '/cases', strokeCase(index), {
        'idempotency-key': `screen-${Date.now()}-${index}`,
      });
      if (created.status !== 201) throw new Error(`Creating a case answered ${created.status}`);
      const caseId = created.body.id;
      const card = specialist.page.locator(`[data-case-id="${caseId}"]`);
      await expect(card).toBeVisible();
      if (!nodeAt.has(caseId)) {
        await new Promise<void>((resolve) => {
          nodeWaiting.set(caseId, resolve);
        });
      }
      nodeWaiting.delete(caseId);
      if (index >= warmUp) measured.push({ caseId, sentAt });
      // Out of the box again, so the next case is the box's newest and within its first page.
      const cancelled = await apiCall(baseUrl, doctor, 'POST', `/cases/${caseId}/cancel`, {});
      if (cancelled.status !== 200) throw new Error(`Cancelling a case answered ${cancelled.status}`);
      await expect(card).toHaveCount(0);
    }

    const probe = await probeOf(specialist.page);
    const otherProbe = await probeOf(other.page);
    const timings = measured.map(({ caseId, sentAt }): CaseTiming => {
      const pageStreamAt = probe.streamAt[caseId] ?? Number.NaN;
      const refetch = probe.listFetches.find((entry) => entry.start >= pageStreamAt);
      return {
        caseId,
        sentAt,
        nodeStreamMs: (nodeAt.get(caseId) ?? Number.NaN) - sentAt,
        pageStreamMs: pageStreamAt - sentAt,
        screenMs: (probe.screenAt[caseId] ?? Number.NaN) - sentAt,
        refetchStartMs: refetch === undefined ? null : refetch.start - sentAt,
        refetchEndMs: refetch?.end == null ? null : refetch.end - sentAt,
        nodeStreamCount: nodeCount.get(caseId) ?? 0,
        pageStreamCount: probe.streamCount[caseId] ?? 0,
        screenCount: probe.screenCount[caseId] ?? 0,
      };
    });
    const seenByOther = measured
      .map(({ caseId }) => caseId)
      .filter((caseId) => otherProbe.screenAt[caseId] !== undefined);
    return { timings, seenByOther };
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(contexts.map((context) => context.close()));
  }
}
