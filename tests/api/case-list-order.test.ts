// The worklists are ordered by what needs a person now: unaccepted emergent cases first, then the other
// unaccepted cases by target time (overdue first), then the rest newest first; the order is the server's
// default and stays whole across keyset pages. `sort=newest` keeps newest first; a cursor continues only
// the order that gave it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CaseSummary } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import { attentionRank } from '../../server/src/domain/attention.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_STAFF,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const MINUTE = 60_000;

/** Every page of a listing, following nextCursor. */
async function allPages(app: FastifyInstance, user: string, query: string): Promise<CaseSummary[]> {
  const items: CaseSummary[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor === null ? '' : `&cursor=${cursor}`;
    const page = await as(app, user).get<CaseList>(`/cases?${query}${suffix}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor !== null);
  return items;
}

/** The attention order's key: rank, then target time for the unaccepted, then newest first. */
function key(item: CaseSummary): [number, number, number] {
  const rank = attentionRank(item);
  return [rank, rank < 2 ? Date.parse(item.targetDueAt) : 0, -Date.parse(item.createdAt)];
}

function inAttentionOrder(items: readonly CaseSummary[]): boolean {
  return items.every((item, index) => {
    if (index === 0) return true;
    const [a, b] = [key(items[index - 1] as CaseSummary), key(item)];
    const difference = a.map((value, position) => value - (b[position] ?? 0)).find((value) => value !== 0);
    return difference === undefined || difference < 0;
  });
}

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  const opened: Record<string, Case> = {};
  beforeAll(async () => {
    db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
    for (const [name, urgency] of [
      ['emergent', 'emergent'],
      ['overdueEmergent', 'emergent'],
      ['urgent', 'urgent'],
      ['overdueRoutine', 'routine'],
      ['routine', 'routine'],
      ['accepted', 'emergent'],
    ] as const) {
      const response = await as(app, DOCTOR).post<Case>('/cases', neurologyCase({ urgency }), {
        'idempotency-key': newKey(),
      });
      expect(response.status).toBe(201);
      opened[name] = response.body;
    }
    // Past its target: the clinical target time passed four minutes ago.
    const past = new Date(Date.now() - 4 * MINUTE).toISOString();
    for (const name of ['overdueEmergent', 'overdueRoutine']) {
      await db.query('update cases set target_due_at = $2 where id = $1', [opened[name]?.id, past]);
    }
    const accept = await as(app, NEURO_PRIMARY).post(`/cases/${opened['accepted']?.id ?? ''}/accept`, {});
    expect(accept.status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  const id = (name: string): string => opened[name]?.id ?? '';

  describe('GET /cases, the attention order (the default)', () => {
    it('lists unaccepted emergent first, then the other unaccepted by target time, then the rest newest first, whole across pages', async () => {
      const newest = await allPages(app, ER_STAFF, 'sort=newest&limit=100');
      const statuses = new Set(newest.map((item) => `${item.status}/${item.urgency}`));
      for (const state of ['pending', 'escalated', 'accepted', 'responded', 'closed', 'cancelled']) {
        expect(
          [...statuses].some((seen) => seen.startsWith(state)),
          state,
        ).toBe(true);
      }

      const listed = await allPages(app, ER_STAFF, 'limit=7');
      expect(listed.map((item) => item.id).sort()).toEqual(newest.map((item) => item.id).sort());
      expect(inAttentionOrder(listed)).toBe(true);

      const ranks = listed.map((item) => attentionRank(item));
      expect(ranks).toEqual([...ranks].sort());
      expect(ranks[0]).toBe(0);
      expect(ranks).toContain(1);
      const position = (name: string) => listed.findIndex((item) => item.id === id(name));
      expect(position('overdueEmergent')).toBeLessThan(position('emergent'));
      expect(position('emergent')).toBeLessThan(position('overdueRoutine'));
      expect(position('overdueRoutine')).toBeLessThan(position('urgent'));
      expect(position('urgent')).toBeLessThan(position('routine'));
      expect(position('routine')).toBeLessThan(position('accepted'));
      // The rest, newest first: the case just accepted leads them.
      expect(listed.find((item) => attentionRank(item) === 2)?.id).toBe(id('accepted'));
    });

    it("orders the doctor's own list the same way", async () => {
      const mine = await allPages(app, DOCTOR, 'scope=mine&limit=5');
      expect(mine.length).toBeGreaterThan(6);
      expect(inAttentionOrder(mine)).toBe(true);
      expect(mine[0]?.id).toBe(id('overdueEmergent'));
    });
  });

  describe('GET /cases, ties across pages', () => {
    it('pages through ties in target and creation time the same at every page size, without repeats or gaps', async () => {
      const tied: string[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await as(app, DOCTOR).post<Case>('/cases', neurologyCase({ urgency: 'urgent' }), {
          'idempotency-key': newKey(),
        });
        expect(response.status).toBe(201);
        tied.push(response.body.id);
      }
      // Four unaccepted cases due at the same time, two of them opened at the same instant too; and two of
      // the other cases opened at the same instant.
      const due = new Date(Date.now() + 30 * MINUTE).toISOString();
      const opened = new Date(Date.now() - MINUTE).toISOString();
      await db.query('update cases set target_due_at = $2 where id = any($1::text[])', [tied, due]);
      await db.query('update cases set created_at = $2 where id = any($1::text[])', [
        tied.slice(0, 2),
        opened,
      ]);
      const newest = await allPages(app, ER_STAFF, 'sort=newest&limit=100');
      const rest = newest.filter((item) => attentionRank(item) === 2).map((item) => item.id);
      expect(rest.length).toBeGreaterThan(2);
      await db.query('update cases set created_at = $2 where id = any($1::text[])', [
        rest.slice(1, 3),
        opened,
      ]);

      const whole = await allPages(app, ER_STAFF, 'limit=100');
      expect(whole.map((item) => item.id).sort()).toEqual(newest.map((item) => item.id).sort());
      expect(inAttentionOrder(whole)).toBe(true);
      for (const limit of [1, 2, 3, 5]) {
        const paged = await allPages(app, ER_STAFF, `limit=${limit}`);
        expect(
          paged.map((item) => item.id),
          `limit=${limit}`,
        ).toEqual(whole.map((item) => item.id));
      }
    });
  });

  describe('GET /cases, filtered', () => {
    it('lists under a status filter or the offered scope the same cases as newest first, in attention order', async () => {
      for (const [user, query] of [
        [ER_STAFF, 'status=pending'],
        [ER_STAFF, 'status=accepted'],
        [ER_STAFF, 'status=pending&status=accepted'],
        [NEURO_PRIMARY, 'scope=offered'],
        [NEURO_PRIMARY, 'scope=offered&status=closed'],
      ] as const) {
        const newest = await allPages(app, user, `sort=newest&limit=100&${query}`);
        const listed = await allPages(app, user, `limit=2&${query}`);
        expect(listed.map((item) => item.id).sort(), query).toEqual(newest.map((item) => item.id).sort());
        expect(inAttentionOrder(listed), query).toBe(true);
        expect(newest.length > 0, query).toBe(!query.endsWith('closed'));
      }
    });
  });

  describe('GET /cases?sort=newest', () => {
    it('lists newest first', async () => {
      const newest = await allPages(app, ER_STAFF, 'sort=newest&limit=9');
      const times = newest.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("refuses the other order's cursor with 400 on the cursor field", async () => {
      const attention = await as(app, ER_STAFF).get<CaseList>('/cases?limit=2');
      const newest = await as(app, ER_STAFF).get<CaseList>('/cases?sort=newest&limit=2');
      // An attention cursor with a number for a time, or an id with a quote, is not one of ours either.
      const forged = (text: string) => Buffer.from(text).toString('base64url');
      for (const url of [
        `/cases?sort=newest&cursor=${attention.body.nextCursor ?? ''}`,
        `/cases?cursor=${newest.body.nextCursor ?? ''}`,
        `/cases?cursor=${forged('a|0|1|2026-01-01T00:00:00.000Z|cas_1')}`,
        `/cases?cursor=${forged("a|2|2026-01-01T00:00:00.000Z|2026-01-01T00:00:00.000Z|cas_1'")}`,
      ]) {
        const refused = await as(app, ER_STAFF).get<{ detail: unknown }>(url);
        expect(refused.status, url).toBe(400);
        expect(JSON.stringify(refused.body.detail)).toContain('cursor');
      }
    });

    it('refuses an unknown order with 400', async () => {
      expect((await as(app, ER_STAFF).get('/cases?sort=oldest')).status).toBe(400);
    });
  });
});
