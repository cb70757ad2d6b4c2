// Event streams at scale: many specialists (each a user of their own) hold a stream open on one or two server
// processes on PostgreSQL, while cases are created one after another, each offered to one of them (the
// on-call shift is moved to that specialist before each case). Measures the time from sending the creation to
// the offered specialist's stream receiving it, the server memory per open stream, and checks that no event
// reaches a user it is not for. In one run, on the same processes, at each number of open streams in turn
// (1, then 1,000: the same cases' latency with one stream open and with many), after a few unmeasured cases
// (JIT, plans, pools). tests/reliability/streams-at-scale.test.ts runs it at CI size, the benchmark at full
// size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case } from '../../../generated/types.gen.ts';
import { DOCTOR, NEURO_PRIMARY, neurologyCase, setOnCall } from '../../api/support/cases-app.ts';
import { call, openEventStream, signerFor, type EventStream } from './client.ts';
import { freshPostgres } from './databases.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export interface StreamsOptions {
  readonly adminUrl: string;
  readonly ports: readonly number[];
  /** The numbers of streams held open in turn, ascending: each stage opens more beside those already open. */
  readonly streams: readonly number[];
  /** Measured cases at each stage. */
  readonly cases: number;
  /** Unmeasured cases before the first stage. */
  readonly warmUp?: number;
}

export interface StreamsReport {
  readonly processes: number;
  readonly streams: number;
  readonly cases: number;
  /** Cases whose offer reached the specialist's stream within WAIT_MS. */
  readonly delivered: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /**
   * Growth of the server processes' resident memory per stream, in kB, over the streams this stage opened;
   * null when it opened fewer than MEMORY_STREAMS (a few streams' memory drowns in the process's own noise).
   */
  readonly memoryPerStreamKb: number | null;
  /** Events that reached a stream of a user they were not for (goal 0). */
  readonly misdelivered: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

// A case whose offer has not reached its stream by then counts as not delivered: the run stays bounded.
const WAIT_MS = 10_000;
const MEMORY_STREAMS = 10;

async function residentBytes(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const match = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  return Number(match?.[1] ?? Number.NaN);
}

const totalResident = async (servers: readonly ServerProcess[]): Promise<number> =>
  (await Promise.all(servers.map(residentBytes))).reduce((sum, value) => sum + value, 0);

const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(undefined);
    }, ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

export async function runStreamsScenario(options: StreamsOptions): Promise<StreamsReport[]> {
  const most = Math.max(...options.streams);
  const database = await freshPostgres(options.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-streams-'));
  const servers: ServerProcess[] = [];
  const streams: EventStream[] = [];
  try {
    // One user per stream: copies of the demo neurologist, at St George's.
    const specialists = Array.from(
      { length: most },
      (_, index) => `usr_scale_${String(index).padStart(5, '0')}`,
    );
    await database.db.query(
      `insert into users (id, email, display_name, password_hash, roles, hospital_system_id, hospital_id,
         specialty_types, force_change_password_next_sign_in)
       select ids.id, ids.id || '@scale.test', 'Scale ' || ids.id, null, u.roles, u.hospital_system_id,
         u.hospital_id, u.specialty_types, false
       from users u, unnest($1::text[]) as ids(id) where u.id = $2`,
      [specialists, NEURO_PRIMARY],
    );
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS: String(most + 500),
    };
    for (const port of options.ports) servers.push(await startServerProcess({ port, env }));
    const sign = signerFor(database.jwk);
    const doctor = await sign(DOCTOR, ['er_doctor']);
    const owners: string[] = [];
    const offeredTo = new Map<string, string>(); // case id -> the specialist it was offered to
    let created = 0;

    /** Opens streams up to `count`, in batches of 100, spread over the processes in turn. */
    const openUpTo = async (count: number): Promise<void> => {
      for (let start = streams.length; start < count; start += 100) {
        const batch = specialists.slice(start, Math.min(count, start + 100));
        const opened = await Promise.all(
          batch.map(async (id, offset) => {
            const server = servers[(start + offset) % servers.length];
            if (!server) throw new Error('no server');
            return openEventStream(server.url, await sign(id, ['specialist']));
          }),
        );
        for (const [offset, stream] of opened.entries()) {
          if (stream.status !== 200) throw new Error(`stream ${start + offset} answered ${stream.status}`);
          streams.push(stream);
          owners.push(batch[offset] ?? '');
        }
      }
    };

    /** `count` cases one after another, spread over the open streams: each one's ms to its stream, or NaN. */
    const createCases = async (count: number): Promise<number[]> => {
      const latencies: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const target = Math.floor((index * streams.length) / count) % streams.length;
        const specialist = owners[target] ?? '';
        await setOnCall(database.db, 'spc_neurology', { primary: specialist, backup: null });
        const stream = streams[target];
        const server = servers[created % servers.length];
        if (!stream || !server) throw new Error('no stream or server');
        created += 1;
        const sentAt = performance.now();
        const answer = await call<Case>(
          server.url,
          doctor,
          'POST',
          '/cases',
          neurologyCase({ urgency: 'routine' }),
          { 'idempotency-key': `scale-${created}-${Date.now()}` },
        );
        if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
        offeredTo.set(answer.body.id, specialist);
        const arrived = await within(
          stream.next((event) => event['caseId'] === answer.body.id),
          WAIT_MS,
        );
        latencies.push(arrived === undefined ? Number.NaN : performance.now() - sentAt);
      }
      return latencies;
    };

    const reports: StreamsReport[] = [];
    for (const count of [...options.streams].sort((a, b) => a - b)) {
      const before = { streams: streams.length, resident: await totalResident(servers) };
      await openUpTo(count);
      const opened = count - before.streams;
      const memoryPerStreamKb =
        opened >= MEMORY_STREAMS ? ((await totalResident(servers)) - before.resident) / 1024 / opened : null;
      if (reports.length === 0) await createCases(options.warmUp ?? 0);
      const stageCases = new Set(offeredTo.keys());
      const latencies = await createCases(options.cases);
      const ofStage = (caseId: unknown) =>
        typeof caseId === 'string' && offeredTo.has(caseId) && !stageCases.has(caseId);
      let misdelivered = 0;
      for (const [index, stream] of streams.entries()) {
        for (const event of stream.events) {
          const caseId = event['caseId'];
          if (ofStage(caseId) && offeredTo.get(caseId as string) !== owners[index]) misdelivered += 1;
        }
      }
      const sorted = latencies.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
      reports.push({
        processes: servers.length,
        streams: count,
        cases: options.cases,
        delivered: sorted.length,
        p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
        p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
        memoryPerStreamKb: memoryPerStreamKb === null ? null : Math.round(memoryPerStreamKb * 10) / 10,
        misdelivered,
      });
    }
    return reports;
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
