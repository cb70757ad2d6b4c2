import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listCasesInfiniteQueryKey } from '../../generated/@tanstack/react-query.gen.ts';
import type { CaseList, CaseSummary, ServerEvent } from '../../generated/types.gen.ts';
import { attentionRank } from '../../server/src/domain/attention.ts';
import { attentionOrder, placeInPages, showOfferedCase } from '../../src/features/notifications/index.ts';
import { fixtures } from '../../src/mock/fixtures.ts';

const READER = 'usr_demo_specialist';

function summary(id: string, overrides: Partial<CaseSummary> = {}): CaseSummary {
  const base = fixtures.caseList().items[0] as CaseSummary;
  return {
    ...base,
    id,
    displayNumber: `SGH-${id}`,
    offeredTo: [{ specialist: { id: READER, displayName: 'Dr Sam Lindqvist' }, step: 'primary' }],
    ...overrides,
  };
}

const pagesOf = (
  ...pages: { items: CaseSummary[]; nextCursor: string | null }[]
): InfiniteData<CaseList> => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? { query: {} } : `cursor-${index}`)),
});

const ids = (data: InfiniteData<CaseList> | undefined): string[][] =>
  (data?.pages ?? []).map((page) => page.items.map((item) => item.id));

describe('the attention order, as the SPA places an offered case', () => {
  it('ranks as the server does: unaccepted emergent, other unaccepted, the rest; targets, then newest first', () => {
    const cases = [
      summary('accepted', { status: 'accepted', urgency: 'emergent', createdAt: '2026-11-22T09:00:00.000Z' }),
      summary('routine-late', { urgency: 'routine', targetDueAt: '2026-11-22T11:00:00.000Z' }),
      summary('emergent-late', { urgency: 'emergent', targetDueAt: '2026-11-22T09:30:00.000Z' }),
      summary('urgent-early', { urgency: 'urgent', targetDueAt: '2026-11-22T09:10:00.000Z' }),
      summary('escalated-emergent', {
        status: 'escalated',
        urgency: 'emergent',
        targetDueAt: '2026-11-22T09:05:00.000Z',
      }),
      summary('closed-newer', { status: 'closed', createdAt: '2026-11-22T10:00:00.000Z' }),
    ];
    const sorted = [...cases].sort(attentionOrder);
    expect(sorted.map((item) => item.id)).toEqual([
      'escalated-emergent',
      'emergent-late',
      'urgent-early',
      'routine-late',
      'closed-newer',
      'accepted',
    ]);
    const ranks = sorted.map((item) => attentionRank(item));
    expect(ranks).toEqual([...ranks].sort());
  });
});

describe('placing an offered case in the cached pages', () => {
  const first = summary('a', { targetDueAt: '2026-11-22T09:00:00.000Z' });
  const second = summary('b', { targetDueAt: '2026-11-22T09:20:00.000Z' });
  const third = summary('c', { targetDueAt: '2026-11-22T09:40:00.000Z' });

  it('puts it where the order does, on the page it falls in', () => {
    const between = summary('new', { targetDueAt: '2026-11-22T09:30:00.000Z' });
    const data = pagesOf(
      { items: [first, second], nextCursor: 'next' },
      { items: [third], nextCursor: null },
    );
    expect(ids(placeInPages(data, between))).toEqual([
      ['a', 'b'],
      ['new', 'c'],
    ]);
  });

  it('holds it once: an earlier copy moves to the new place', () => {
    const moved = { ...first, targetDueAt: '2026-11-22T09:30:00.000Z' };
    const data = pagesOf({ items: [first, second, third], nextCursor: null });
    expect(ids(placeInPages(data, moved))).toEqual([['b', 'a', 'c']]);
  });

  it('after the last card only when no page follows; else it waits on the page not loaded', () => {
    const last = summary('new', { targetDueAt: '2026-11-22T10:00:00.000Z' });
    expect(ids(placeInPages(pagesOf({ items: [first], nextCursor: null }), last))).toEqual([['a', 'new']]);
    expect(ids(placeInPages(pagesOf({ items: [first], nextCursor: 'next' }), last))).toEqual([['a']]);
  });

  it('leaves a list not loaded yet alone', () => {
    expect(placeInPages(undefined, first)).toBeUndefined();
  });
});

describe('an offer event and the cached lists', () => {
  const event = (item: CaseSummary): ServerEvent => ({
    type: 'notification',
    caseId: item.id,
    caseStatus: 'pending',
    case: item,
  });

  function cached() {
    const queryClient = new QueryClient();
    const keys = {
      offered: listCasesInfiniteQueryKey({ query: { limit: 20, scope: 'offered' } }),
      mine: listCasesInfiniteQueryKey({
        query: { limit: 20, scope: 'mine', status: ['accepted', 'responded'] },
      }),
      searched: listCasesInfiniteQueryKey({ query: { limit: 20, scope: 'offered', q: 'weakness' } }),
    };
    for (const key of Object.values(keys)) {
      queryClient.setQueryData<InfiniteData<CaseList>>(key, pagesOf({ items: [], nextCursor: null }));
    }
    const read = (key: (typeof keys)[keyof typeof keys]) => ids(queryClient.getQueryData(key));
    return { queryClient, keys, read };
  }

  it('adds the reader’s offer to the case box only: not to other lists, nor to a filtered one', () => {
    const { queryClient, keys, read } = cached();
    showOfferedCase(queryClient, event(summary('mine')), READER);
    expect(read(keys.offered)).toEqual([['mine']]);
    expect(read(keys.mine)).toEqual([[]]);
    expect(read(keys.searched)).toEqual([[]]);
  });

  it('adds nothing for a case offered to someone else, or before the reader is known', () => {
    const { queryClient, keys, read } = cached();
    const theirs = summary('theirs', {
      offeredTo: [{ specialist: { id: 'usr_other', displayName: 'Dr Alex Smith' }, step: 'primary' }],
    });
    showOfferedCase(queryClient, event(theirs), READER);
    showOfferedCase(queryClient, event(summary('unknown-reader')), undefined);
    showOfferedCase(queryClient, { type: 'notification', caseId: 'no-case', caseStatus: 'pending' }, READER);
    expect(read(keys.offered)).toEqual([[]]);
  });

  it('stops a list request under way, so its older answer cannot take the case away again', async () => {
    const queryClient = new QueryClient();
    const key = listCasesInfiniteQueryKey({ query: { limit: 20, scope: 'offered' } });
    let answer: (page: CaseList) => void = () => undefined;
    const options = {
      queryKey: key,
      initialPageParam: { query: {} },
      getNextPageParam: () => undefined,
      queryFn: () =>
        new Promise<CaseList>((resolve) => {
          answer = resolve;
        }),
    };
    const loaded = queryClient.infiniteQuery(options);
    answer({ items: [summary('waiting')], nextCursor: null });
    await loaded;

    // A refetch asked before the case existed, answered after its event.
    const older = queryClient.infiniteQuery(options).catch(() => undefined);
    const arriving = summary('new', { targetDueAt: '2026-11-22T08:00:00.000Z' });
    expect(showOfferedCase(queryClient, event(arriving), READER)).toBe(true);
    answer({ items: [summary('waiting')], nextCursor: null });
    await older;
    expect(ids(queryClient.getQueryData(key))).toEqual([['new', 'waiting']]);
  });
});
