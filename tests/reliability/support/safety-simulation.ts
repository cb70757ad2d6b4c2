// The clinical-safety simulation: cases opened, accepted, declined and left to time out over a random
// schedule of on-call shifts with gaps and handovers, on a fake clock, with the runtime restarted now and
// then, through the product's own case commands and timer worker on a real database. After every step the
// invariants are checked:
//   - every waiting case is offered to someone, or the ER admins were told (no coverage, nobody left);
//   - every escalation falls due exactly once, at its due time: none missed, none early, none twice;
//   - each case's timeline never goes back in time;
//   - the first accept wins: its specialist holds the case, any later accept is refused.
// tests/reliability/safety-simulation.test.ts runs 1,000 cases; `npm run bench -- simulation` 10,000.
import type { Urgency } from '../../../generated/types.gen.ts';
import type { Actor, Caller } from '../../../server/src/auth/caller.ts';
import { directoryBlobStore } from '../../../server/src/blobs/store.ts';
import { acceptCase, createCase, declineCase } from '../../../server/src/cases/case-commands.ts';
import type { CasesContext } from '../../../server/src/cases/cases-context.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { openPglite } from '../../../server/src/db/database.ts';
import type { AckOverrides } from '../../../server/src/domain/escalation.ts';
import { runDueTimers } from '../../../server/src/workers/case-timers.ts';
import {
  DOCTOR,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  NEURO_PRIMARY,
  neurologyCase,
  SGH,
  seedCasesDatabase,
  setOnCall,
} from '../../api/support/cases-app.ts';

export interface SimulationOptions {
  readonly cases: number;
  readonly seed: number;
  /** Defaults to a fresh in-memory PGlite. */
  readonly db?: Database;
}

export interface SimulationReport {
  readonly cases: number;
  readonly steps: number;
  /** Timeline events written (case_events). */
  readonly events: number;
  readonly escalations: number;
  readonly accepts: number;
  readonly declines: number;
  readonly handovers: number;
  readonly gaps: number;
  readonly restarts: number;
  readonly violations: string[];
}

const ACK_SECONDS: Record<Urgency, number> = { emergent: 300, urgent: 900, routine: 1800 };
// Re-alerts are out of this simulation's scope: they would multiply the due times without adding a rule.
const OVERRIDES: AckOverrides = { ackSeconds: ACK_SECONDS, realertSeconds: 86_400 };
const URGENCIES: readonly Urgency[] = ['emergent', 'urgent', 'routine'];
const NEUROLOGISTS = [NEURO_PRIMARY, NEURO_1, NEURO_2, NEURO_3];

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

export async function runSafetySimulation(options: SimulationOptions): Promise<SimulationReport> {
  const rand = random(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const db = options.db ?? (await openPglite());
  let now = new Date(Date.UTC(2026, 10, 25, 8, 0, 0));
  const clock = { now: () => now };
  await seedCasesDatabase(db, now, true);
  await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, now);

  const callers = new Map<string, Actor>();
  for (const row of await db.query<{
    id: string;
    email: string;
    display_name: string;
    roles: string[];
    hospital_system_id: string;
    hospital_id: string | null;
    specialty_types: string[];
  }>(
    `select id, email, display_name, roles, hospital_system_id, hospital_id, specialty_types from users
     where id = any($1)`,
    [[DOCTOR, ...NEUROLOGISTS]],
  )) {
    const caller: Caller = {
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      roles: row.roles,
      hospitalSystemId: row.hospital_system_id,
      hospitalId: row.hospital_id,
      specialtyTypes: row.specialty_types,
    };
    callers.set(row.id, { caller, address: null });
  }
  const actor = (id: string): Actor => {
    const found = callers.get(id);
    if (!found) throw new Error(`no caller ${id}`);
    return found;
  };
  const admins = (
    await db.query<{ id: string }>(
      `select id from users where hospital_id = $1 and active and 'emergency_room_admin' = any(roles)`,
      [SGH],
    )
  ).map((row) => row.id);

  // A "process": the runtime's context. A restart drops it and builds a new one on the same database, and the
  // new one first runs whatever is due (as the server does when it starts).
  const newContext = (): CasesContext => ({
    db,
    clock,
    mediaUrl: 'https://localhost:8443/api/v1/media',
    blobs: directoryBlobStore('/tmp/case-router-simulation-blobs'),
    ackOverrides: OVERRIDES,
  });
  let ctx = newContext();
  const violations: string[] = [];
  const winners = new Map<string, string>();
  const counts = { steps: 0, escalations: 0, accepts: 0, declines: 0, handovers: 0, gaps: 0, restarts: 0 };
  let created = 0;

  // The simulation's own cases not yet accepted (accepting is the only way a case ends here): every case
  // that may still wait is among them, and the checks read those rows by key, not the whole table.
  const open = new Set<string>();
  const openIds = () => [...open];
  const waitingOffers = async (): Promise<{ case_id: string; specialist_id: string }[]> =>
    db.query(
      `select case_id, specialist_id from case_offers where case_id = any($1) and active
       order by case_id, specialist_id`,
      [openIds()],
    );

  // Only the simulation's own cases count: the demo data's past cases have timelines of their own.
  const tick = async (): Promise<void> => {
    const due = await db.query<{ id: string }>(
      `select id from cases where id = any($2) and status in ('pending', 'escalated') and ack_due_at <= $1
       order by id`,
      [now.toISOString(), openIds()],
    );
    const [last] = await db.query<{ id: number | null }>('select max(id)::int8 as id from case_events');
    await runDueTimers(db, clock, OVERRIDES);
    const escalated = await db.query<{ case_id: string; count: number }>(
      `select e.case_id, count(*)::int8 as count from case_events e join cases c on c.id = e.case_id
       where e.id > $1 and e.kind = 'escalated' and c.opened_by = $2 and c.idempotency_key like 'sim-%'
         and e.data->>'reason' = 'not accepted in time'
       group by e.case_id order by e.case_id`,
      [last?.id ?? 0, DOCTOR],
    );
    for (const row of escalated) {
      const [event] = await db.query<{ at: string }>(
        `select at from case_events where case_id = $1 and id > $2 and kind = 'escalated' order by id limit 1`,
        [row.case_id, last?.id ?? 0],
      );
      if (event?.at !== now.toISOString())
        violations.push(`${row.case_id}: escalated at ${event?.at} not ${now.toISOString()}`);
    }
    counts.escalations += escalated.length;
    const dueIds = due.map((row) => row.id).join(',');
    const escalatedIds = escalated.map((row) => row.case_id).join(',');
    if (dueIds !== escalatedIds) {
      violations.push(`${now.toISOString()}: due [${dueIds}] but escalated [${escalatedIds}]`);
    }
    for (const row of escalated) {
      if (row.count !== 1)
        violations.push(`${row.case_id}: escalated ${row.count} times at ${now.toISOString()}`);
    }
  };

  const check = async (touched: readonly string[]): Promise<void> => {
    const unattended = await db.query<{ id: string }>(
      `select c.id from cases c where c.id = any($2) and c.status in ('pending', 'escalated')
         and not exists (select 1 from case_offers o where o.case_id = c.id and o.active)
         and not exists (select 1 from notifications n where n.case_id = c.id and n.user_id = any($1)
           and n.kind in ('case_no_coverage', 'case_escalated'))`,
      [admins, openIds()],
    );
    for (const row of unattended) violations.push(`${row.id}: waiting, offered to nobody, admins not told`);
    const missed = await db.query<{ id: string }>(
      `select id from cases where id = any($2) and status in ('pending', 'escalated') and ack_due_at < $1`,
      [now.toISOString(), openIds()],
    );
    for (const row of missed) violations.push(`${row.id}: escalation due before ${now.toISOString()} missed`);
    if (touched.length === 0) return;
    const backwards = await db.query<{ case_id: string }>(
      `select case_id from (select case_id, at, lag(at) over (partition by case_id order by id) as previous
         from case_events where case_id = any($1)) x where at < previous`,
      [touched],
    );
    for (const row of backwards) violations.push(`${row.case_id}: a timeline event goes back in time`);
    const holders = await db.query<{ id: string; assigned_to: string | null; accepts: number }>(
      `select c.id, c.assigned_to, (select count(*)::int8 from case_events e where e.case_id = c.id
         and e.kind = 'accepted') as accepts from cases c where c.id = any($1)`,
      [touched],
    );
    for (const row of holders) {
      const winner = winners.get(row.id);
      if ((winner ?? null) !== row.assigned_to || row.accepts !== (winner === undefined ? 0 : 1)) {
        violations.push(
          `${row.id}: held by ${row.assigned_to ?? 'nobody'}, first accept was ${winner ?? 'none'}`,
        );
      }
    }
  };

  const maxSteps = options.cases * 8;
  while (counts.steps < maxSteps) {
    counts.steps += 1;
    const offers = await waitingOffers();
    if (created >= options.cases && offers.length === 0) {
      const [row] = await db.query<{ waiting: number }>(
        `select count(*)::int8 as waiting from cases where id = any($1) and status in ('pending', 'escalated')
           and ack_due_at is not null`,
        [openIds()],
      );
      if (row?.waiting === 0) break;
    }
    const roll = rand();
    const touched: string[] = [];
    if (created < options.cases && roll < 0.3) {
      created += 1;
      const result = await createCase(
        ctx,
        actor(DOCTOR),
        neurologyCase({ urgency: pick(URGENCIES) }) as never,
        `sim-${options.seed}-${created}`,
      );
      touched.push(result.case.id);
      open.add(result.case.id);
    } else if (roll < 0.5 && offers.length > 0) {
      // Two offered specialists answer at once: the first accept wins, the second is refused.
      const offer = pick(offers);
      const rival = offers.find(
        (other) => other.case_id === offer.case_id && other.specialist_id !== offer.specialist_id,
      );
      await acceptCase(ctx, actor(offer.specialist_id), offer.case_id);
      winners.set(offer.case_id, offer.specialist_id);
      open.delete(offer.case_id);
      counts.accepts += 1;
      if (rival) {
        const refused = await acceptCase(ctx, actor(rival.specialist_id), rival.case_id).then(
          () => false,
          (error: unknown) => [403, 409].includes((error as { statusCode?: number }).statusCode ?? 0),
        );
        if (!refused) violations.push(`${offer.case_id}: a second accept was not refused`);
      }
      touched.push(offer.case_id);
    } else if (roll < 0.62 && offers.length > 0) {
      const offer = pick(offers);
      await declineCase(ctx, actor(offer.specialist_id), offer.case_id, 'In theatre');
      counts.declines += 1;
      touched.push(offer.case_id);
    } else if (roll < 0.7) {
      // A handover, or a gap in the rota.
      if (rand() < 0.25) {
        await setOnCall(db, 'spc_neurology', null, now);
        counts.gaps += 1;
      } else {
        const primary = pick(NEUROLOGISTS);
        const backup = rand() < 0.3 ? null : pick(NEUROLOGISTS.filter((id) => id !== primary));
        await setOnCall(db, 'spc_neurology', { primary, backup }, now);
        counts.handovers += 1;
      }
    } else if (roll < 0.71) {
      ctx = newContext();
      counts.restarts += 1;
      await tick();
    } else {
      // Time passes: to the next due time at the latest, so each falls due on a tick of its own.
      const [next] = await db.query<{ due: string | null }>(
        `select min(ack_due_at) as due from cases where id = any($1) and status in ('pending', 'escalated')`,
        [openIds()],
      );
      const jump = new Date(now.getTime() + Math.floor(rand() * 600) * 1000);
      const due = next?.due == null ? null : new Date(next.due);
      now = due !== null && due < jump ? due : jump;
      await tick();
    }
    await check(touched);
    if (violations.length > 20) break;
  }
  const [events] = await db.query<{ count: number }>('select count(*)::int8 as count from case_events');
  if (options.db === undefined) await db.close();
  return { cases: created, events: events?.count ?? 0, ...counts, violations };
}
