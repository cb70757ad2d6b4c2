// What the events of the stream change in the tab, a burst at a time. An event about a case updates that case:
// the case is read once (or taken from the event when it carries it) and put in place in every cached list that
// holds it, so only its card renders again. A list is asked again only when the change is one a patch cannot
// show: a case arriving in it, leaving its filter or moving in its order; and then once per burst, however many
// events the burst held. The events of one burst are those that arrive within BURST_WINDOW_MS of the first.
import { notifyManager, type Query, type QueryClient } from '@tanstack/react-query';
import {
  getCaseOptions,
  getCaseQueryKey,
  listCasesQueryKey,
  listNotificationsQueryKey,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Case, CaseSummary, ServerEvent } from '../../../generated/types.gen.ts';
import { zCaseSummary } from '../../../generated/zod.gen.ts';
import { type CaseListData, type CaseListQuery, changeFor, heldIn, patchList } from './case-list-patch.ts';

/** Long enough to gather what one change on the server sends (a case and its notifications), short to see. */
export const BURST_WINDOW_MS = 100;
/**
 * More changed cases than this in one burst (a mass casualty, a handover) are not read one by one: every case
 * list is asked again once instead, fewer requests than a read per case.
 */
export const MOST_CASES_READ_PER_BURST = 8;

export interface CaseEventBatch {
  /** One event of the stream; `arrived`: the event's case was already put into a list ahead of the server. */
  add(event: ServerEvent, arrived?: boolean): void;
  /** Drops what waits (signed out). */
  stop(): void;
}

interface Pending {
  notifications: boolean;
  /** Case id -> the case as the last event about it carried it (undefined: it must be read), and whether it arrived. */
  cases: Map<string, { item: CaseSummary | undefined; arrived: boolean }>;
}

const emptyBurst = (): Pending => ({ notifications: false, cases: new Map() });

function queryOf(query: Query): CaseListQuery {
  const head = query.queryKey[0] as { query?: CaseListQuery } | undefined;
  return head?.query ?? {};
}

const SUMMARY_FIELDS = Object.keys(zCaseSummary.shape) as (keyof CaseSummary)[];

/** The case as the lists show it: the summary part of the case record, which holds every summary field. */
function summaryOf(record: Case): CaseSummary {
  return Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, record[field]])) as CaseSummary;
}

/** The case read once: its open page, if any, shows the same answer. */
async function readCase(queryClient: QueryClient, caseId: string): Promise<CaseSummary | null> {
  try {
    return await queryClient.query({
      ...getCaseOptions({ path: { caseId } }),
      staleTime: 0,
      select: summaryOf,
    });
  } catch {
    // No longer the reader's to see, or the network failed: the lists that may hold it are asked instead.
    return null;
  }
}

async function applyBurst(
  queryClient: QueryClient,
  burst: Pending,
  readerId: string | undefined,
): Promise<void> {
  const refetch = new Set<Query>();
  const listsNow = () => queryClient.getQueryCache().findAll({ queryKey: listCasesQueryKey() });
  const entries = [...burst.cases];
  const unread = entries.filter(([, { item }]) => item === undefined).length;
  if (unread > MOST_CASES_READ_PER_BURST) {
    for (const list of listsNow()) refetch.add(list);
    void queryClient.invalidateQueries({
      predicate: (query) => entries.some(([caseId]) => isCaseQueryOf(query, caseId)),
    });
  } else {
    const read = await Promise.all(
      entries.map(async ([caseId, { item, arrived }]) => {
        if (item !== undefined) {
          // The event's copy serves the lists; an open case page still reads the whole record.
          void queryClient.invalidateQueries({ queryKey: getCaseQueryKey({ path: { caseId } }) });
          return { caseId, item, arrived };
        }
        return { caseId, item: await readCase(queryClient, caseId), arrived };
      }),
    );
    // The lists as they are once the reads are in: a list that came meanwhile asked the server itself.
    const lists = listsNow();
    const changed = new Map<string, CaseSummary>();
    for (const { caseId, item, arrived } of read) {
      for (const list of lists) {
        const data = list.state.data as CaseListData | undefined;
        const change =
          item === null
            ? data === undefined || heldIn(data, caseId) !== undefined
              ? 'refetch'
              : 'none'
            : changeFor(data, queryOf(list), item, readerId, arrived);
        if (change === 'refetch') refetch.add(list);
      }
      if (item !== null) changed.set(caseId, item);
    }
    // Every list's patch in one render.
    notifyManager.batch(() => {
      for (const list of lists) {
        const data = list.state.data as CaseListData | undefined;
        if (data === undefined) continue;
        const patched = patchList(data, changed);
        if (patched !== data) queryClient.setQueryData(list.queryKey, patched);
      }
    });
  }
  await Promise.all([
    burst.notifications
      ? queryClient.invalidateQueries({ queryKey: listNotificationsQueryKey() })
      : undefined,
    ...[...refetch].map((list) => queryClient.invalidateQueries({ queryKey: list.queryKey, exact: true })),
  ]);
}

function isCaseQueryOf(query: Query, caseId: string): boolean {
  const head = query.queryKey[0] as { _id?: unknown; path?: { caseId?: unknown } } | undefined;
  return head?._id === 'getCase' && head.path?.caseId === caseId;
}

/**
 * Gathers the stream's events into bursts and applies each burst once, one after the other: a burst read while
 * the one before is still applied waits for it, so an older read never lands over a newer one.
 */
export function startCaseEventBatch(
  queryClient: QueryClient,
  readerId: () => string | undefined,
): CaseEventBatch {
  let burst = emptyBurst();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let applying: Promise<void> = Promise.resolve();
  let stopped = false;

  const flush = (): void => {
    timer = undefined;
    const taken = burst;
    burst = emptyBurst();
    applying = applying.then(async () => {
      if (stopped) return;
      try {
        await applyBurst(queryClient, taken, readerId());
      } catch (error) {
        console.error(error);
      }
    });
  };

  return {
    add(event, arrived = false) {
      if (event.type === 'ping' || stopped) return;
      if (event.type === 'notification') burst.notifications = true;
      const caseId = event.caseId ?? event.notification?.caseId ?? null;
      if (caseId !== null) {
        const before = burst.cases.get(caseId);
        burst.cases.set(caseId, { item: event.case, arrived: arrived || (before?.arrived ?? false) });
      }
      timer ??= setTimeout(flush, BURST_WINDOW_MS);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
