// The case lists at scale, measured inside the insights benchmark on its realistic cases (at 100,000 and at
// 1,000,000 in the table): the emergency room's list (the ER doctor, `GET /cases?limit=50`) and the
// specialist's (the on-call neurologist, offered and assigned most cases), each beside a bare route sending
// the very statement the list sends (page + audit, from buildListQuery) through raw `pg`.
// Goals: p95 at 1,000,000 ≤ 1.5 × at 100,000; raw p95 ÷ API p95 ≥ 0.8.
import Fastify from 'fastify';
import pg from 'pg';
import { buildListQuery } from '../server/src/cases/case-queries.ts';
import type { Caller } from '../server/src/auth/caller.ts';
import { listen, measureSideBySide, ms, type Latencies } from './support.ts';

export interface ListFigures {
  readonly cases: number;
  readonly list: string;
  readonly api: Latencies;
  readonly raw: Latencies;
}

export interface ListCaller {
  readonly label: string;
  readonly caller: Caller & { hospitalId: string };
  readonly token: string;
}

export async function measureCaseLists(
  base: string,
  rawUrl: string,
  callers: readonly ListCaller[],
  cases: number,
  options: { requests: number; warmUp: number },
): Promise<ListFigures[]> {
  const pool = new pg.Pool({ connectionString: rawUrl, max: 10 });
  const figures: ListFigures[] = [];
  try {
    for (const { label, caller, token } of callers) {
      const raw = Fastify();
      raw.get('/list', async () => {
        // Built per request, as the API builds it: the audit event carries the time of the call.
        const { sql, params } = buildListQuery(
          caller,
          { limit: 50 },
          { at: new Date(), address: '127.0.0.1' },
        );
        return (await pool.query(sql, [...params])).rows as unknown[];
      });
      const rawBase = await listen(raw);
      try {
        const [api, bare] = await measureSideBySide(
          [
            { url: `${base}/api/v1/cases?limit=50`, headers: { authorization: `Bearer ${token}` } },
            { url: `${rawBase}/list` },
          ],
          { requests: options.requests, concurrency: 2, rounds: 4, warmUp: options.warmUp },
        );
        if (!api || !bare) throw new Error('nothing measured');
        figures.push({ cases, list: label, api, raw: bare });
      } finally {
        await raw.close();
      }
    }
  } finally {
    await pool.end();
  }
  return figures;
}

export function caseListsMarkdown(figures: readonly ListFigures[], requests: number): string {
  const rows = figures.flatMap((figure) => [
    `| ${figure.cases.toLocaleString('en')} | ${figure.list} | API \`GET /cases?limit=50\` | ${ms(figure.api.p50)} | ${ms(figure.api.p95)} | ${ms(figure.api.p99)} | ${figure.api.failures} |`,
    `| ${figure.cases.toLocaleString('en')} | ${figure.list} | bare route, the same SQL, raw pg | ${ms(figure.raw.p50)} | ${ms(figure.raw.p95)} | ${ms(figure.raw.p99)} | ${figure.raw.failures} |`,
  ]);
  const lists = [...new Set(figures.map((figure) => figure.list))];
  const verdicts = lists.map((list) => {
    const [small, large] = figures.filter((figure) => figure.list === list);
    if (!small || !large) return `${list}: not measured at both sizes.`;
    return (
      `${list}: API p95 at ${large.cases.toLocaleString('en')} ÷ at ${small.cases.toLocaleString('en')} ` +
      `${(large.api.p95 / small.api.p95).toFixed(2)} (goal ≤ 1.5); raw p95 ÷ API p95 at ${large.cases.toLocaleString('en')} ` +
      `${(large.raw.p95 / large.api.p95).toFixed(2)} (goal ≥ 0.8).`
    );
  });
  return [
    `The case lists on the same cases, ${requests} requests each from 2 clients, in rounds alternating between the API and the bare route.`,
    '',
    '| cases in the table | list | route | p50 ms | p95 ms | p99 ms | failed |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    verdicts.join(' '),
  ].join('\n');
}
