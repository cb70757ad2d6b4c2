// Event streams at scale: many specialists (each a user of their own) hold a stream open on one or two server
// processes on PostgreSQL, while cases are created one after another, each offered to one of them (the
// on-call shift is moved to that specialist before each case). Measures the time from sending the creation to
// the offered specialist's stream receiving it, the server memory per open stream, and checks that no event
// reaches a user it is not for. tests/reliability/streams-at-scale.test.ts runs it at CI size, the benchmark
// at full size.
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
  readonly streams: number;
  readonly cases: number;
}

export interface StreamsReport {
  readonly processes: number;
  readonly streams: number;
  readonly cases: number;
  readonly delivered: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Growth of the server processes' resident memory per open stream, in kB. */
  readonly memoryPerStreamKb: number;
  /** Events that reached a stream of a user they were not for (goal 0). */
  readonly misdelivered: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function residentBytes(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const match = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  return Number(match?.[1] ?? Number.NaN);
}

export async function runStreamsScenario(options: StreamsOptions): Promise<StreamsReport> {
  const database = await freshPostgres(options.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-streams-'));
  const servers: ServerProcess[] = [];
  const streams: EventStream[] = [];
  try {
    // One user per stream: copies of the demo neurologist, at St George's.
    const specialists = Array.from(
      { length: options.streams },
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
      MAX_CONNECTIONS: String(options.streams + 500),
    };
    for (const port of options.ports) servers.push(await startServerProcess({ port, env }));
    const before = await Promise.all(servers.map(residentBytes));

    const sign = signerFor(database.jwk);
    const doctor = await sign(DOCTOR, ['er_doctor']);
    const owners: string[] = [];
    // Opened in batches, spread over the processes in turn.
    for (let start = 0; start < specialists.length; start += 100) {
      const batch = specialists.slice(start, start + 100);
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
    const after = await Promise.all(servers.map(residentBytes));
    const memoryPerStreamKb =
      (after.reduce((sum, value) => sum + value, 0) - before.reduce((sum, value) => sum + value, 0)) /
      1024 /
      options.streams;

    const offeredTo = new Map<string, string>(); // case id -> the specialist it was offered to
    const latencies: number[] = [];
    for (let index = 0; index < options.cases; index += 1) {
      const target = Math.floor((index * options.streams) / options.cases) % options.streams;
      const specialist = specialists[target] ?? '';
      await setOnCall(database.db, 'spc_neurology', { primary: specialist, backup: null });
      const stream = streams[target];
      if (!stream) throw new Error('no stream');
      const server = servers[index % servers.length];
      if (!server) throw new Error('no server');
      const sentAt = performance.now();
      const created = await call<Case>(
        server.url,
        doctor,
        'POST',
        '/cases',
        neurologyCase({ urgency: 'routine' }),
        {
          'idempotency-key': `scale-${index}-${Date.now()}`,
        },
      );
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      offeredTo.set(created.body.id, specialist);
      await stream.next((event) => event['caseId'] === created.body.id);
      latencies.push(performance.now() - sentAt);
    }

    let misdelivered = 0;
    for (const [index, stream] of streams.entries()) {
      for (const event of stream.events) {
        const caseId = event['caseId'];
        if (typeof caseId === 'string' && offeredTo.get(caseId) !== owners[index]) misdelivered += 1;
      }
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      processes: servers.length,
      streams: options.streams,
      cases: options.cases,
      delivered: latencies.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      memoryPerStreamKb: Math.round(memoryPerStreamKb * 10) / 10,
      misdelivered,
    };
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
