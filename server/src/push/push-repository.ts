// The Web Push tables: the users' devices, the alerts waiting to be pushed, and the one-time receipt
// credentials (kept as hashes).
import type { Device } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

export interface DeviceRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  last_delivered_at: string | null;
  last_failed_at: string | null;
  [column: string]: unknown;
}

const DEVICE_COLUMNS =
  'id, user_id, endpoint, p256dh, auth, label, created_at, last_delivered_at, last_failed_at';

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.created_at,
    lastDeliveredAt: row.last_delivered_at,
    lastFailedAt: row.last_failed_at,
  };
}

export async function readDevices(db: Queryable, userId: string): Promise<DeviceRow[]> {
  return db.query<DeviceRow>(
    `select ${DEVICE_COLUMNS} from push_devices where user_id = $1 order by created_at, id`,
    [userId],
  );
}

export async function readDevice(db: Queryable, userId: string, id: string): Promise<DeviceRow | undefined> {
  const [row] = await db.query<DeviceRow>(
    `select ${DEVICE_COLUMNS} from push_devices where user_id = $1 and id = $2`,
    [userId, id],
  );
  return row;
}

export async function countDevices(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from push_devices where user_id = $1',
    [userId],
  );
  return row?.count ?? 0;
}

/**
 * The device's subscription, made or replaced. The endpoint is the browser's: whoever subscribes it last
 * (another account signed in on the same browser) takes it over.
 */
export async function upsertDevice(
  tx: Queryable,
  device: {
    readonly id: string;
    readonly userId: string;
    readonly endpoint: string;
    readonly p256dh: string;
    readonly auth: string;
    readonly label: string;
    readonly at: Date;
  },
): Promise<DeviceRow> {
  await tx.query('delete from push_devices where endpoint = $1 and not (user_id = $2 and id = $3)', [
    device.endpoint,
    device.userId,
    device.id,
  ]);
  const [row] = await tx.query<DeviceRow>(
    `insert into push_devices (id, user_id, endpoint, p256dh, auth, label, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7)
     on conflict (user_id, id) do update set endpoint = excluded.endpoint, p256dh = excluded.p256dh,
       auth = excluded.auth, label = excluded.label, updated_at = excluded.updated_at,
       last_failed_at = case when push_devices.endpoint = excluded.endpoint then push_devices.last_failed_at end
     returning ${DEVICE_COLUMNS}`,
    [
      device.id,
      device.userId,
      device.endpoint,
      device.p256dh,
      device.auth,
      device.label,
      device.at.toISOString(),
    ],
  );
  if (row === undefined) throw new Error('The device could not be stored');
  return row;
}

export async function deleteDevice(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query('delete from push_devices where user_id = $1 and id = $2 returning id', [
    userId,
    id,
  ]);
  return rows.length > 0;
}

/** A push service answered 404 or 410: the subscription is gone for good. */
export async function deleteDeviceByEndpoint(db: Queryable, endpoint: string): Promise<void> {
  await db.query('delete from push_devices where endpoint = $1', [endpoint]);
}

export async function deleteAllDevices(db: Queryable): Promise<number> {
  const rows = await db.query('delete from push_devices returning id');
  return rows.length;
}

export async function markDeviceDelivered(db: Queryable, endpoint: string, at: Date): Promise<void> {
  await db.query('update push_devices set last_delivered_at = $2 where endpoint = $1', [
    endpoint,
    at.toISOString(),
  ]);
}

export async function markDeviceFailed(db: Queryable, endpoint: string, at: Date): Promise<void> {
  await db.query('update push_devices set last_failed_at = $2 where endpoint = $1', [
    endpoint,
    at.toISOString(),
  ]);
}

// ---- The alerts waiting to be pushed ----

export interface PushOutboxRow {
  id: string;
  user_id: string;
  case_id: string;
  kind: string;
  actor_id: string | null;
  attempts: number;
  [column: string]: unknown;
}

/** The push outbox's own columns a claim returns. */
export const PUSH_OUTBOX_COLUMNS = ['user_id', 'case_id', 'kind', 'actor_id'] as const;

/** One alert per recipient who has a device, due at once; written in the case change's transaction. */
export async function insertPushAlerts(
  tx: Queryable,
  alerts: {
    readonly ids: readonly string[];
    readonly userIds: readonly string[];
    readonly caseId: string;
    readonly kind: string;
    readonly actorId: string | null;
    readonly at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into push_outbox (id, user_id, case_id, kind, actor_id, created_at, due_at)
     select a.id, a.user_id, $3, $4, $5, $6, $6 from unnest($1::text[], $2::text[]) as a (id, user_id)
     where exists (select 1 from push_devices d where d.user_id = a.user_id)`,
    [alerts.ids, alerts.userIds, alerts.caseId, alerts.kind, alerts.actorId, alerts.at.toISOString()],
  );
}

// ---- One-time receipt credentials ----

export async function insertReceiptToken(
  db: Queryable,
  token: { readonly hash: string; readonly offerId: string; readonly expiresAt: Date },
): Promise<void> {
  await db.query('insert into push_receipt_tokens (token_hash, offer_id, expires_at) values ($1, $2, $3)', [
    token.hash,
    token.offerId,
    token.expiresAt.toISOString(),
  ]);
}

/** Spends the credential: answers its offer once, never again; an expired one answers nothing. */
export async function spendReceiptToken(
  tx: Queryable,
  hash: string,
  now: Date,
): Promise<{ offerId: string } | undefined> {
  const [row] = await tx.query<{ offer_id: string }>(
    'delete from push_receipt_tokens where token_hash = $1 and expires_at > $2 returning offer_id',
    [hash, now.toISOString()],
  );
  return row === undefined ? undefined : { offerId: row.offer_id };
}

export async function deleteExpiredReceiptTokens(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from push_receipt_tokens where expires_at <= $1', [now.toISOString()]);
}

// ---- What an alert may say: no patient data is selected here ----

export interface AlertContextRow {
  case_id: string;
  display_number: string;
  urgency: 'emergent' | 'urgent' | 'routine';
  specialty_name: string;
  hospital_code: string;
  /** The recipient opened the case (an ER user): their link is the ER's case page. */
  is_opener: boolean;
  offer_id: string | null;
  offer_active: boolean | null;
  offer_seen_at: string | null;
  actor_name: string | null;
  /** A specialist with no on-call shift covering now: in their quiet hours. */
  off_shift_specialist: boolean;
  [column: string]: unknown;
}

/**
 * The case's number, urgency, specialty and hospital short name, the recipient's offer of it, and whether the
 * recipient is a specialist off shift at `now`.
 */
export async function readAlertContext(
  db: Queryable,
  caseId: string,
  userId: string,
  actorId: string | null,
  now: Date,
): Promise<AlertContextRow | undefined> {
  const [row] = await db.query<AlertContextRow>(
    `select c.id as case_id, c.display_number, c.urgency, s.name as specialty_name, h.short_code as hospital_code,
       c.opened_by = $2 as is_opener, f.id as offer_id, f.active as offer_active, f.seen_at as offer_seen_at,
       (select display_name from users where id = $3) as actor_name,
       (select 'specialist' = any(roles) from users where id = $2) and not exists (
         select 1 from on_call_shifts o where (o.primary_id = $2 or o.backup_id = $2)
           and o.starts_at <= $4 and o.ends_at > $4) as off_shift_specialist
     from cases c join hospitals h on h.id = c.hospital_id join specialties s on s.id = c.specialty_id
       left join case_offers f on f.case_id = c.id and f.specialist_id = $2
     where c.id = $1`,
    [caseId, userId, actorId, now.toISOString()],
  );
  return row;
}
