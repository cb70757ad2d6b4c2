// Whom a waiting case goes to when its acknowledgement time runs out, read with the case (one subquery per
// row) so the lists, the board and the case page say it beside the countdown. It follows the routing
// chain (domain/routing.ts) with the schedule as it stands at the case's escalation time: after the on-call
// primary, the covering shift's backup when active and not a decliner; otherwise every specialist of the
// specialty. At the last step (or once accepted) the case no longer escalates: null.
import type { EscalationTarget, RoutingStep } from '../../../generated/types.gen.ts';

export const ESCALATES_TO = `(case when c.ack_due_at is null or c.status not in ('pending', 'escalated') then null
  when c.routing_step = 'primary' then coalesce((
    select case when b.id is not null and b.active and not exists (
        select 1 from case_offers d where d.case_id = c.id and d.specialist_id = b.id and d.declined_at is not null)
      then json_build_object('step', 'backup', 'id', b.id, 'display_name', b.display_name) end
    from on_call_shifts f join users p on p.id = f.primary_id and p.active left join users b on b.id = f.backup_id
    where f.hospital_id = c.hospital_id and f.specialty_id = c.specialty_id
      and f.starts_at <= c.ack_due_at and f.ends_at > c.ack_due_at
    order by f.starts_at desc, f.id limit 1), json_build_object('step', 'all'))
  when c.routing_step = 'backup' then json_build_object('step', 'all')
  else null end) as escalates_to`;

export type EscalatesToColumn =
  { step: RoutingStep; id?: string | null; display_name?: string | null } | string | null;

export function toEscalationTarget(value: EscalatesToColumn): EscalationTarget | null {
  // json columns arrive parsed from pg and PGlite alike; a string only if a driver leaves json as text.
  const row = typeof value === 'string' ? (JSON.parse(value) as Exclude<EscalatesToColumn, string>) : value;
  if (row === null) return null;
  return {
    step: row.step,
    specialist: row.id == null ? null : { id: row.id, displayName: row.display_name ?? '' },
  };
}
