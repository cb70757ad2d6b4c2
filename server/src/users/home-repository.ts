// The figures of a user's landing page, read in one statement: each figure a cheap count on an index, and
// only the figures the caller's roles open (the others are not counted at all).
import type { Queryable } from '../db/database.ts';

export type Scope = 'hospital' | 'system';

export interface HomeQuery {
  readonly userId: string;
  readonly hospitalId: string | null;
  readonly hospitalSystemId: string;
  /** Offers awaiting the specialist's answer, or the doctor's cases awaiting a specialist. */
  readonly waiting: 'offers' | 'opened' | null;
  readonly open: Scope | null;
  /** Cases opened since `since`: the specialist's own (assigned to them), or the scope's. */
  readonly recent: 'mine' | Scope | null;
  readonly triage: boolean;
  readonly users: Scope | null;
  readonly since: Date;
}

export interface HomeFigures {
  readonly waitingForMe: number | null;
  readonly openCases: number | null;
  readonly casesLast7Days: number | null;
  readonly triageAssessments: number | null;
  readonly activeUsers: number | null;
  readonly unreadNotifications: number;
}

const asNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

export async function readHomeFigures(db: Queryable, query: HomeQuery): Promise<HomeFigures> {
  const [row] = await db.query<{
    waiting_for_me: string | number | null;
    open_cases: string | number | null;
    cases_last_7_days: string | number | null;
    triage_assessments: string | number | null;
    active_users: string | number | null;
    unread_notifications: string | number;
  }>(
    `select
       case $4::text
         when 'offers' then (select count(*) from case_offers o join cases c on c.id = o.case_id
                             where o.specialist_id = $1 and o.active and c.status in ('pending', 'escalated'))
         when 'opened' then (select count(*) from cases
                             where opened_by = $1 and status in ('pending', 'escalated'))
       end as waiting_for_me,
       case $5::text
         when 'hospital' then (select count(*) from cases
                               where hospital_id = $2 and status not in ('closed', 'cancelled'))
         when 'system' then (select count(*) from cases c join hospitals h on h.id = c.hospital_id
                             where h.hospital_system_id = $3 and c.status not in ('closed', 'cancelled'))
       end as open_cases,
       case $6::text
         when 'mine' then (select count(*) from cases where assigned_to = $1 and created_at >= $9)
         when 'hospital' then (select count(*) from cases where hospital_id = $2 and created_at >= $9)
         when 'system' then (select count(*) from cases c join hospitals h on h.id = c.hospital_id
                             where h.hospital_system_id = $3 and c.created_at >= $9)
       end as cases_last_7_days,
       case when $7::boolean then (
         select count(*) from specialties s
         where s.hospital_system_id = $3 and s.retired_at is null
           and (select jsonb_array_length(v.questions) from triage_assessment_versions v
                where v.hospital_id = $2 and v.specialty_id = s.id order by v.version desc limit 1) > 0
       ) end as triage_assessments,
       case $8::text
         when 'hospital' then (select count(*) from users where hospital_id = $2 and active)
         when 'system' then (select count(*) from users where hospital_system_id = $3 and active)
       end as active_users,
       (select count(*) from notifications where user_id = $1 and read_at is null) as unread_notifications`,
    [
      query.userId,
      query.hospitalId,
      query.hospitalSystemId,
      query.waiting,
      query.open,
      query.recent,
      query.triage,
      query.users,
      query.since.toISOString(),
    ],
  );
  if (!row) throw new Error('The home figures query returned no row');
  return {
    waitingForMe: asNumber(row.waiting_for_me),
    openCases: asNumber(row.open_cases),
    casesLast7Days: asNumber(row.cases_last_7_days),
    triageAssessments: asNumber(row.triage_assessments),
    activeUsers: asNumber(row.active_users),
    unreadNotifications: Number(row.unread_notifications),
  };
}
