// Crash durability on PostgreSQL: a load of case creations, accepts and messages runs against a real server
// process that is killed with SIGKILL at random points and restarted, several times. Emergent cases created
// just before a kill fall due while no server runs. Afterwards the database is checked against everything
// the server acknowledged. Used by tests/reliability/crash-durability.test.ts (CI size) and the benchmark
// (full size).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case, Message } from '../../../generated/types.gen.ts';
import { DOCTOR, NEURO_PRIMARY, neurologyCase } from '../../api/support/cases-app.ts';
import { call, signerFor, type Answer } from './client.ts';
import { freshPostgres } from './databases.ts';
import { pollUntil, startServerProcess, type ServerProcess } from './server-process.ts';

export interface CrashOptions {
  readonly adminUrl: string;
  readonly port: number;
  readonly kills: number;
  /** Requests in each round between two kills (the last round runs to its end). */
  readonly requestsPerRound: number;
  readonly concurrency: number;
  /** A seed for the kill points and the mix, so a failing run can be repeated. */
  readonly seed: number;
}

export interface CrashReport {
  readonly kills: number;
  readonly requests: number;
  readonly unanswered: number;
  readonly acknowledged: { readonly creates: number; readonly accepts: number; readonly messages: number };
  readonly found: { readonly creates: number; readonly accepts: number; readonly messages: number };
  readonly lost: number;
  /** Emergent cases that fell due while no server ran, and how many of those escalated once after restart. */
  readonly dueWhileDown: number;
  readonly escalatedOnceAfterRestart: number;
  /** Every broken invariant, one line each; empty when the run is sound. */
  readonly violations: string[];
}

/** A small deterministic generator (mulberry32): the same seed, the same run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ACK_SECONDS = 2;

export async function runCrashScenario(options: CrashOptions): Promise<CrashReport> {
  const rand = random(options.seed);
  const database = await freshPostgres(options.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-crash-'));
  const sign = signerFor(database.jwk);
  const doctor = await sign(DOCTOR, ['er_doctor']);
  const specialist = await sign(NEURO_PRIMARY, ['specialist']);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    CASE_ACK_SECONDS_EMERGENT: String(ACK_SECONDS),
    CASE_TIMER_TICK_MS: '100',
    LOG_LEVEL: 'warn',
  };
  const start = () => startServerProcess({ port: options.port, env });
  let server: ServerProcess | undefined;

  const createdKeys = new Map<string, string>(); // idempotency key -> case id, for every 201
  const unansweredKeys: string[] = [];
  const routineCases: string[] = [];
  const acceptedCases = new Set<string>(); // cases whose accept answered 200
  const messages = new Map<string, string>(); // message id -> case id, for every 201
  const dueWhileDown: { id: string; dueAt: number; killedAt: number; restartedAt: number }[] = [];
  let requests = 0;
  let unanswered = 0;
  let keyCounter = 0;

  const attempt = async <T>(send: () => Promise<Answer<T>>): Promise<Answer<T> | undefined> => {
    requests += 1;
    try {
      return await send();
    } catch {
      unanswered += 1;
      return undefined;
    }
  };

  const createCase = async (urgency: 'emergent' | 'routine', key: string, url: string) => {
    const answer = await attempt(() =>
      call<Case>(url, doctor, 'POST', '/cases', neurologyCase({ urgency }), { 'idempotency-key': key }),
    );
    if (answer?.status === 201) {
      createdKeys.set(key, answer.body.id);
      if (urgency === 'routine' && !routineCases.includes(answer.body.id)) routineCases.push(answer.body.id);
    } else if (answer === undefined) {
      unansweredKeys.push(key);
    }
    return answer;
  };

  const oneRequest = async (url: string): Promise<void> => {
    const choice = rand();
    const pick = () => routineCases[Math.floor(rand() * routineCases.length)];
    const caseId = pick();
    if (choice < 0.45 || caseId === undefined) {
      keyCounter += 1;
      await createCase('routine', `crash-${options.seed}-${keyCounter}`, url);
    } else if (choice < 0.7) {
      const answer = await attempt(() => call<Case>(url, specialist, 'POST', `/cases/${caseId}/accept`));
      if (answer?.status === 200) acceptedCases.add(caseId);
    } else {
      const answer = await attempt(() =>
        call<Message>(url, doctor, 'POST', `/cases/${caseId}/messages`, { body: 'Any update on this one?' }),
      );
      if (answer?.status === 201) messages.set(answer.body.id, caseId);
    }
  };

  try {
    server = await start();
    for (let round = 0; round <= options.kills; round += 1) {
      const url = server.url;
      const last = round === options.kills;
      // The kill falls somewhere in the second half of the round, with requests in flight.
      const killAfter = last
        ? Number.POSITIVE_INFINITY
        : Math.floor(options.requestsPerRound * (0.5 + rand() * 0.5));
      let sent = 0;
      let killed: Promise<unknown> | undefined;
      const running = server;
      const worker = async () => {
        while (sent < options.requestsPerRound) {
          sent += 1;
          if (sent === killAfter && killed === undefined) {
            // A few emergent cases first, acknowledged, due while the server is down.
            for (let index = 0; index < 2; index += 1) {
              keyCounter += 1;
              const answer = await createCase('emergent', `crash-due-${options.seed}-${keyCounter}`, url);
              if (answer?.status === 201) {
                dueWhileDown.push({
                  id: answer.body.id,
                  dueAt: Date.parse(answer.body.createdAt) + ACK_SECONDS * 1000,
                  killedAt: 0,
                  restartedAt: 0,
                });
              }
            }
            killed = running.stop('SIGKILL');
          }
          if (killed !== undefined) {
            // Requests after the kill fail fast (connection refused): counted as unanswered, as a client sees.
            await oneRequest(url);
            break;
          }
          await oneRequest(url);
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      if (last) break;
      await killed;
      const killedAt = Date.now();
      // The server stays down until the emergent cases are due: they must fire after the restart.
      const latestDue = Math.max(
        0,
        ...dueWhileDown.filter((entry) => entry.killedAt === 0).map((e) => e.dueAt),
      );
      await pollUntil(() => Date.now() > latestDue + 200, 'the emergent cases to fall due', 30_000, 50);
      server = await start();
      const restartedAt = Date.now();
      for (const entry of dueWhileDown) {
        if (entry.killedAt === 0) {
          entry.killedAt = killedAt;
          entry.restartedAt = restartedAt;
        }
      }
      // What a client does with a creation it got no answer to: send it again with the same key.
      const retries = unansweredKeys.splice(0);
      for (const key of retries) await createCase('routine', key, server.url);
    }
    // Let the escalations of the last restart run (the last step of the chain has no timer).
    const dueIds = dueWhileDown.map((entry) => entry.id);
    await pollUntil(
      async () => {
        const [row] = await database.db.query<{ waiting: number }>(
          `select count(*)::int8 as waiting from cases where id = any($1) and ack_due_at is not null
             and status in ('pending', 'escalated')`,
          [dueIds],
        );
        return row?.waiting === 0;
      },
      'the escalations due while down to run',
      60_000,
      100,
    );
    await server.stop('SIGTERM');
    server = undefined;
    return await check(database.db);
  } finally {
    await server?.stop('SIGKILL');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  async function check(db: typeof database.db): Promise<CrashReport> {
    const violations: string[] = [];
    const createdIds = [...createdKeys.values()];
    const cases = await db.query<{
      id: string;
      idempotency_key: string;
      status: string;
      assigned_to: string | null;
    }>(`select id, idempotency_key, status, assigned_to from cases where opened_by = $1 and id = any($2)`, [
      DOCTOR,
      createdIds,
    ]);
    const byKey = await db.query<{ idempotency_key: string; count: number }>(
      `select idempotency_key, count(*)::int8 as count from cases where opened_by = $1
       and idempotency_key = any($2) group by idempotency_key`,
      [DOCTOR, [...createdKeys.keys()]],
    );
    for (const row of byKey) {
      if (row.count !== 1) violations.push(`key ${row.idempotency_key}: ${row.count} cases`);
    }
    const foundCreates = new Set(cases.map((row) => row.id));
    for (const [key, id] of createdKeys) {
      if (!foundCreates.has(id)) violations.push(`case ${id} (key ${key}) answered 201 but is missing`);
    }
    // One acceptor: an accepted case has one specialist and one accepted event.
    const acceptors = await db.query<{ id: string; assigned_to: string | null; accepts: number }>(
      `select c.id, c.assigned_to, (select count(*)::int8 from case_events e where e.case_id = c.id
         and e.kind = 'accepted') as accepts
       from cases c where c.id = any($1) and c.accepted_at is not null`,
      [createdIds],
    );
    const foundAccepts = new Set<string>();
    for (const row of acceptors) {
      if (row.accepts !== 1) violations.push(`case ${row.id}: ${row.accepts} accepted events`);
      if (row.assigned_to === NEURO_PRIMARY) foundAccepts.add(row.id);
    }
    for (const id of acceptedCases) {
      if (!foundAccepts.has(id)) violations.push(`case ${id}: accept answered 200 but it is not accepted`);
    }
    const storedMessages = await db.query<{ id: string }>('select id from case_messages where id = any($1)', [
      [...messages.keys()],
    ]);
    const foundMessages = new Set(storedMessages.map((row) => row.id));
    for (const id of messages.keys()) {
      if (!foundMessages.has(id)) violations.push(`message ${id} answered 201 but is missing`);
    }
    // The audit trail holds every acknowledged change.
    const audit = await db.query<{ case_id: string; action: string; count: number }>(
      `select case_id, action, count(*)::int8 as count from audit_events where case_id = any($1)
       group by case_id, action`,
      [createdIds],
    );
    const audited = (caseId: string, action: string) =>
      audit.find((row) => row.case_id === caseId && row.action === action)?.count ?? 0;
    for (const id of createdIds) {
      if (audited(id, 'case.create') !== 1)
        violations.push(`case ${id}: ${audited(id, 'case.create')} case.create audits`);
    }
    for (const id of acceptedCases) {
      if (audited(id, 'case.accept') !== 1) violations.push(`case ${id}: no single case.accept audit`);
    }
    const messagesPerCase = new Map<string, number>();
    for (const caseId of messages.values())
      messagesPerCase.set(caseId, (messagesPerCase.get(caseId) ?? 0) + 1);
    for (const [caseId, count] of messagesPerCase) {
      if (audited(caseId, 'case.message') < count)
        violations.push(`case ${caseId}: messages missing from the audit`);
    }
    // No duplicate offers or notifications.
    const duplicateOffers = await db.query(
      `select case_id, specialist_id from case_offers where case_id = any($1)
       group by case_id, specialist_id having count(*) > 1`,
      [createdIds],
    );
    for (const row of duplicateOffers) violations.push(`duplicate offer ${JSON.stringify(row)}`);
    const duplicateNotifications = await db.query(
      `select n.case_id, n.user_id, n.kind, n.action from notifications n where n.case_id = any($1)
         and n.kind <> 'case_message'
       group by n.case_id, n.user_id, n.kind, n.action having count(*) > 1`,
      [createdIds],
    );
    for (const row of duplicateNotifications)
      violations.push(`duplicate notification ${JSON.stringify(row)}`);
    // Escalations due while down: each step once, and the first one after the restart.
    let escalatedOnce = 0;
    for (const entry of dueWhileDown) {
      const events = await db.query<{ from_step: string; at: string }>(
        `select data->>'from' as from_step, at from case_events where case_id = $1 and kind = 'escalated'
         order by id`,
        [entry.id],
      );
      const steps = events.map((event) => event.from_step);
      const first = events[0];
      const accepted = acceptedCases.has(entry.id);
      if (accepted) continue;
      if (first === undefined) {
        violations.push(`case ${entry.id}: due while down, never escalated`);
      } else if (new Set(steps).size !== steps.length) {
        violations.push(`case ${entry.id}: an escalation step ran twice (${steps.join(', ')})`);
      } else if (Date.parse(first.at) < entry.killedAt - 1000) {
        violations.push(`case ${entry.id}: escalated before the server was killed`);
      } else {
        escalatedOnce += 1;
      }
    }
    const lost =
      createdIds.length -
      foundCreates.size +
      (acceptedCases.size - [...acceptedCases].filter((id) => foundAccepts.has(id)).length) +
      (messages.size - foundMessages.size);
    return {
      kills: options.kills,
      requests,
      unanswered,
      acknowledged: { creates: createdKeys.size, accepts: acceptedCases.size, messages: messages.size },
      found: {
        creates: [...createdKeys.values()].filter((id) => foundCreates.has(id)).length,
        accepts: [...acceptedCases].filter((id) => foundAccepts.has(id)).length,
        messages: foundMessages.size,
      },
      lost,
      dueWhileDown: dueWhileDown.length,
      escalatedOnceAfterRestart: escalatedOnce,
      violations,
    };
  }
}
