// What the stream's events do to the cached case lists: a burst gathered over a short window, then each list
// patched in place or marked for a refetch, once; what one changed case asks of one list.
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCaseQueryKey,
  listCasesInfiniteQueryKey,
  listCasesQueryKey,
  listNotificationsQueryKey,
} from '../../generated/@tanstack/react-query.gen.ts';
import type { CaseList, CaseSummary, ServerEvent } from '../../generated/types.gen.ts';
import {
  BURST_WINDOW_MS,
  MOST_CASES_READ_PER_BURST,
  startCaseEventBatch,
} from '../../src/features/notifications/index.ts';
import { changeFor } from '../../src/features/notifications/case-list-patch.ts';
import { fixtures } from '../../src/mock/fixtures.ts';

const READER = 'usr_reader';
const base = fixtures.caseList().items[0] as CaseSummary;

function item(id: string, over: Partial<CaseSummary> = {}): CaseSummary {
  return {
    ...base,
    id,
    status: 'pending',
    urgency: 'urgent',
    createdAt: '2026-11-22T08:00:00.000Z',
    targetDueAt: '2026-11-22T09:00:00.000Z',
    offeredTo: [{ specialist: { id: READER, displayName: 'Dr Reader' }, step: 'primary' }],
    ...over,
  };
}

const page = (...items: CaseSummary[]): CaseList => ({ items, nextCursor: null });
const pages = (...items: CaseSummary[]): InfiniteData<CaseList> => ({
  pages: [page(...items)],
  pageParams: [{}],
});

const pendingKey = listCasesInfiniteQueryKey({ query: { limit: 20, scope: 'all', status: ['pending'] } });
const acceptedKey = listCasesInfiniteQueryKey({ query: { limit: 20, scope: 'all', status: ['accepted'] } });
const offeredKey = listCasesQueryKey({ query: { scope: 'offered', limit: 50 } });

function invalidated(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a burst of events', () => {
  it('waits for the burst, then patches the lists that keep the case in place and marks the one it arrives in', async () => {
    const client = new QueryClient();
    const a = item('cas_a');
    const other = item('cas_other', {
      createdAt: '2026-11-22T07:00:00.000Z',
      targetDueAt: '2026-11-22T10:00:00.000Z',
    });
    client.setQueryData(pendingKey, pages(a, other));
    client.setQueryData(acceptedKey, pages());
    client.setQueryData(offeredKey, page(a));
    client.setQueryData(listNotificationsQueryKey({ query: { limit: 100 } }), { items: [] });
    const batch = startCaseEventBatch(client, () => READER);

    // Reassigned to someone else while still waiting, three times over; its summary rides on the events.
    const moved = item('cas_a', {
      offeredTo: [{ specialist: { id: 'usr_else', displayName: 'Dr Else' }, step: 'backup' }],
    });
    for (let n = 0; n < 3; n += 1)
      batch.add({ type: 'case', caseId: 'cas_a', caseStatus: 'pending', case: moved });
    await vi.advanceTimersByTimeAsync(BURST_WINDOW_MS - 1);
    expect(client.getQueryData<InfiniteData<CaseList>>(pendingKey)?.pages[0]?.items[0]).toBe(a);

    await vi.advanceTimersByTimeAsync(1);
    const patched = client.getQueryData<InfiniteData<CaseList>>(pendingKey)?.pages[0]?.items;
    expect(patched?.[0]).toEqual(moved);
    // The other card keeps its object: its memoised render is skipped.
    expect(patched?.[1]).toBe(other);
    // No longer offered to the reader: it leaves their offers, which only the server can list again.
    expect(invalidated(client)).toEqual([JSON.stringify(offeredKey)]);
    batch.stop();
  });

  it('asks every case list again, once, rather than read more cases than the most one burst reads', async () => {
    const client = new QueryClient();
    client.setQueryData(pendingKey, pages(item('cas_a')));
    client.setQueryData(acceptedKey, pages());
    client.setQueryData(getCaseQueryKey({ path: { caseId: 'cas_new_0' } }), { seeded: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const batch = startCaseEventBatch(client, () => READER);
    const events: ServerEvent[] = Array.from({ length: MOST_CASES_READ_PER_BURST + 1 }, (_, n) => ({
      type: 'case',
      caseId: `cas_new_${String(n)}`,
      caseStatus: 'pending',
    }));
    for (const event of events) batch.add(event);
    await vi.advanceTimersByTimeAsync(BURST_WINDOW_MS);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(invalidated(client).sort()).toEqual(
      [pendingKey, acceptedKey, getCaseQueryKey({ path: { caseId: 'cas_new_0' } })]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
    batch.stop();
    fetchSpy.mockRestore();
  });
});

describe('what a changed case asks of one list', () => {
  const a = item('cas_a');
  it('a patch while it keeps its filter and its place', () => {
    const changed = item('cas_a', { escalatesTo: null, updatedAt: '2026-11-22T08:30:00.000Z' });
    expect(changeFor(pages(a), { status: ['pending'] }, changed, READER, false)).toBe('patch');
  });
  it('a refetch when it leaves the filter, moves in the attention order, or arrives', () => {
    const accepted = item('cas_a', { status: 'accepted', offeredTo: [] });
    expect(changeFor(pages(a), { status: ['pending'] }, accepted, READER, false)).toBe('refetch');
    expect(changeFor(pages(a), { status: ['pending', 'accepted'] }, accepted, READER, false)).toBe('refetch');
    expect(changeFor(pages(), { status: ['accepted'] }, accepted, READER, false)).toBe('refetch');
    expect(changeFor(pages(a), { scope: 'offered' }, a, READER, true)).toBe('refetch');
  });
  it('a patch in the newest-first order, which a change of state does not move', () => {
    const accepted = item('cas_a', { status: 'accepted', offeredTo: [] });
    expect(changeFor(pages(a), { sort: 'newest' }, accepted, READER, false)).toBe('patch');
  });
  it('nothing for a list it does not belong to, and a refetch when only the server can tell (a search)', () => {
    expect(changeFor(pages(), { status: ['closed'] }, a, READER, false)).toBe('none');
    expect(changeFor(pages(), { scope: 'mine' }, a, READER, false)).toBe('none');
    expect(changeFor(pages(), { q: 'chest' }, a, READER, false)).toBe('refetch');
  });
});
