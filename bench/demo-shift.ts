// The demo as a shift leaves it, written into a stopped server's embedded database before a browser part runs:
// more open cases (copies of the demo hospital's open ones, with their offers, events, messages and
// consultations), a share of the waiting ones past their clinical target, and every case's times moved back as
// if the shift had gone on for a while. On the next start the timer worker runs every escalation and re-alert
// that fell due meanwhile, once, as it does after any stop: the cases come out pending, escalated and overdue
// the way time would have left them, without waiting for it.
import { openPglite, type Queryable } from '../server/src/db/database.ts';
import { raiseLastCaseNumber } from '../server/src/organisation/organisation-repository.ts';

export interface DemoShift {
  /** Open cases the demo hospital holds afterwards (at least the demo's own). */
  readonly openCases?: number;
  /** The share of the open cases moved past their clinical target while still waiting for a specialist. */
  readonly overdueShare?: number;
  /**
   * Every case's times moved back by this many minutes: the shift has gone on that long since the demo data
   * was written.
   */
  readonly ageMinutes?: number;
}

const OPEN = `('pending', 'escalated', 'accepted', 'responded')`;
const WAITING = `('pending', 'escalated')`;
// The case tables whose times move with their cases; the rota does not move (coverage is about now).
const CASE_TABLES = [
  'cases',
  'case_offers',
  'case_events',
  'case_messages',
  'consultations',
  'notifications',
];

async function columnsOf(tx: Queryable, table: string): Promise<{ name: string; type: string }[]> {
  const rows = await tx.query<{ name: string; type: string }>(
    `select column_name as name, data_type as type from information_schema.columns
     where table_name = $1 and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`,
    [table],
  );
  return rows;
}

/** Copies the rows of `table` that belong to the cases `where` names, with some columns computed anew. */
async function copyRows(
  tx: Queryable,
  table: string,
  where: string,
  overrides: Readonly<Record<string, string>>,
  params: readonly unknown[],
): Promise<void> {
  const names = (await columnsOf(tx, table)).map((column) => column.name);
  const values = names.map((name) => overrides[name] ?? name);
  await tx.query(
    `insert into ${table} (${names.join(', ')}) select ${values.join(', ')} from ${table} where ${where}`,
    [...params],
  );
}

async function addOpenCases(tx: Queryable, hospitalId: string, wanted: number): Promise<void> {
  const [counts] = await tx.query<{ open: number; last: number }>(
    `select count(*) filter (where status in ${OPEN})::int as open, max(case_number)::int as last
     from cases where hospital_id = $1`,
    [hospitalId],
  );
  const open = counts?.open ?? 0;
  let last = counts?.last ?? 0;
  if (open === 0) throw new Error('The demo hospital has no open case to copy');
  const originals = `select id from cases where hospital_id = $1 and status in ${OPEN} and id not like '%~%'`;
  for (let copy = 1, have = open; have < wanted; copy += 1, have += open) {
    const suffix = `'~${String(copy)}'`;
    const ofCase = `case_id in (${originals})`;
    // The copies' numbers follow the hospital's last, in the originals' order.
    await copyRows(
      tx,
      'cases',
      `id in (${originals})`,
      {
        id: `id || ${suffix}`,
        idempotency_key: 'null',
        idempotency_fingerprint: 'null',
        case_number: `${String(last)} + (row_number() over (order by case_number))::int`,
        display_number: `split_part(display_number, '-', 1) || '-' || lpad((${String(last)} + (row_number() over (order by case_number)))::text, 6, '0')`,
      },
      [hospitalId],
    );
    last += open;
    await copyRows(tx, 'case_offers', ofCase, { id: `id || ${suffix}`, case_id: `case_id || ${suffix}` }, [
      hospitalId,
    ]);
    await copyRows(tx, 'case_events', ofCase, { case_id: `case_id || ${suffix}` }, [hospitalId]);
    await copyRows(tx, 'case_messages', ofCase, { id: `id || ${suffix}`, case_id: `case_id || ${suffix}` }, [
      hospitalId,
    ]);
    await copyRows(tx, 'consultations', ofCase, { case_id: `case_id || ${suffix}` }, [hospitalId]);
  }
  await raiseLastCaseNumber(tx, hospitalId, last);
  // Exactly `wanted` open: the copies past it are closed, as a shift's finished cases are.
  await tx.query(
    `update cases set status = 'closed', closed_at = updated_at, close_disposition = 'admit',
       ack_due_at = null, realert_due_at = null
     where id in (select id from cases where hospital_id = $1 and status in ${OPEN} and id like '%~%'
                  order by case_number desc limit greatest(0, (select count(*) from cases
                    where hospital_id = $1 and status in ${OPEN}) - $2))`,
    [hospitalId, wanted],
  );
}

/**
 * Waiting cases moved an hour back until `share` of the open cases are past their clinical target, still
 * unaccepted (those already overdue count).
 */
async function makeOverdue(tx: Queryable, hospitalId: string, share: number): Promise<void> {
  const hour = `interval '60 minutes'`;
  await tx.query(
    `update cases set created_at = created_at - ${hour}, updated_at = updated_at - ${hour},
       door_time = door_time - ${hour}, target_due_at = target_due_at - ${hour},
       ack_due_at = ack_due_at - ${hour}, realert_due_at = realert_due_at - ${hour}
     where id in (
       select id from cases where hospital_id = $1 and status in ${WAITING} and target_due_at > now() order by id
       limit greatest(0, round($2::float8 * (select count(*) from cases where hospital_id = $1 and status in ${OPEN}))::int
         - (select count(*) from cases where hospital_id = $1 and status in ${WAITING} and target_due_at <= now())))`,
    [hospitalId, share],
  );
}

async function age(tx: Queryable, minutes: number): Promise<void> {
  for (const table of CASE_TABLES) {
    const moved = (await columnsOf(tx, table))
      .filter((column) => column.type === 'timestamp with time zone')
      .map((column) => `${column.name} = ${column.name} - make_interval(mins => $1)`);
    if (moved.length > 0) await tx.query(`update ${table} set ${moved.join(', ')}`, [minutes]);
  }
}

/** Shapes the demo in a stopped server's data folder (`DATA_DIR`): its embedded database. */
export async function shiftDemo(dataDir: string, shift: DemoShift): Promise<void> {
  const db = await openPglite({ dataDir: `${dataDir}/pglite` });
  try {
    await db.transaction(async (tx) => {
      const [doctor] = await tx.query<{ hospital_id: string }>(
        `select hospital_id from users where lower(email) = 'er_doctor@demo.test'`,
      );
      if (!doctor) throw new Error('The demo ER doctor is not in this database');
      if (shift.openCases !== undefined) await addOpenCases(tx, doctor.hospital_id, shift.openCases);
      if (shift.overdueShare !== undefined) await makeOverdue(tx, doctor.hospital_id, shift.overdueShare);
      if (shift.ageMinutes !== undefined) await age(tx, shift.ageMinutes);
    });
  } finally {
    await db.close();
  }
}
