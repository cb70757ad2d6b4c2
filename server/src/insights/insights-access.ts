// Who sees which insights, decided here and nowhere else (pure):
//   hospital_system, hospital_system_business_administrator: every hospital of their system.
//   hospital, hospital_business_administrator: their hospital, hospital and physician insights.
//   emergency_room, emergency_room_admin, er_doctor: their hospital's figures (hospital insights only).
//   specialist: their own physician figures and their specialties' median at their hospital, never another
//     named physician's; no hospital insights.
// Every insight is a read: business administrators read, as everyone here does.
import type { Caller } from '../auth/caller.ts';

const SYSTEM_ROLES = ['hospital_system', 'hospital_system_business_administrator'];
const HOSPITAL_ADMIN_ROLES = ['hospital', 'hospital_business_administrator'];
const EMERGENCY_ROOM_ROLES = ['emergency_room', 'emergency_room_admin', 'er_doctor'];

export const insightsDetails = {
  hospitalsForbidden: 'Your role has no hospital insights: a specialist reads their own physician insights',
  physiciansForbidden: "Your role has no physician insights: the emergency room reads its hospital's figures",
  reportForbidden: 'Only a specialist of a hospital has a specialist report',
  noHospital: 'Your account belongs to no hospital, so it has no figures to show',
  hospitalNotFound: 'Hospital not found',
} as const;

export type InsightsScope =
  | { readonly kind: 'system'; readonly hospitalSystemId: string }
  | { readonly kind: 'hospital'; readonly hospitalSystemId: string; readonly hospitalId: string }
  | { readonly kind: 'self'; readonly hospitalSystemId: string; readonly hospitalId: string }
  | { readonly kind: 'none'; readonly detail: string };

const hasAny = (caller: Caller, roles: readonly string[]) =>
  roles.some((role) => caller.roles.includes(role));

function hospitalScope(caller: Caller): InsightsScope {
  return caller.hospitalId === null
    ? { kind: 'none', detail: insightsDetails.noHospital }
    : { kind: 'hospital', hospitalSystemId: caller.hospitalSystemId, hospitalId: caller.hospitalId };
}

/** The hospitals whose figures the caller may read (hospital insights and the case CSV). */
export function hospitalInsightsScope(caller: Caller): InsightsScope {
  if (hasAny(caller, SYSTEM_ROLES)) return { kind: 'system', hospitalSystemId: caller.hospitalSystemId };
  if (hasAny(caller, [...HOSPITAL_ADMIN_ROLES, ...EMERGENCY_ROOM_ROLES])) return hospitalScope(caller);
  return { kind: 'none', detail: insightsDetails.hospitalsForbidden };
}

/** The physicians whose figures the caller may read: the admins' hospitals, or a specialist's own. */
export function physicianInsightsScope(caller: Caller): InsightsScope {
  if (hasAny(caller, SYSTEM_ROLES)) return { kind: 'system', hospitalSystemId: caller.hospitalSystemId };
  if (hasAny(caller, HOSPITAL_ADMIN_ROLES)) return hospitalScope(caller);
  if (caller.roles.includes('specialist')) {
    const scope = hospitalScope(caller);
    return scope.kind === 'hospital' ? { ...scope, kind: 'self' } : scope;
  }
  return { kind: 'none', detail: insightsDetails.physiciansForbidden };
}
