// /home: one figure per area the caller's roles open (their home, insights, settings, administration).
// Which figures a caller gets follows from its roles; the counts themselves are one statement.
import type { HomeSummary } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { readHomeFigures, type HomeQuery, type Scope } from './home-repository.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const hospitalScoped = [
  'emergency_room',
  'emergency_room_admin',
  'hospital',
  'hospital_business_administrator',
];
const systemScoped = ['hospital_system', 'hospital_system_business_administrator'];

export function homeQuery(caller: Caller, now: Date): HomeQuery {
  const has = (role: string) => caller.roles.includes(role);
  const any = (roles: readonly string[]) => roles.some(has);
  const hospital = caller.hospitalId !== null;
  const scope: Scope | null = any(systemScoped)
    ? 'system'
    : any(hospitalScoped) && hospital
      ? 'hospital'
      : null;
  return {
    userId: caller.id,
    hospitalId: caller.hospitalId,
    hospitalSystemId: caller.hospitalSystemId,
    waiting: has('specialist') ? 'offers' : has('er_doctor') ? 'opened' : null,
    open: scope,
    recent: scope ?? (has('specialist') ? 'mine' : has('er_doctor') && hospital ? 'hospital' : null),
    triage: hospital,
    users: has('hospital_system')
      ? 'system'
      : (has('hospital') || has('emergency_room_admin')) && hospital
        ? 'hospital'
        : null,
    since: new Date(now.getTime() - WEEK_MS),
  };
}

export function readHome(db: Queryable, caller: Caller, now: Date): Promise<HomeSummary> {
  return readHomeFigures(db, homeQuery(caller, now));
}
