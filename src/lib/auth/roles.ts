// The seed's role tables (§2, §6): which home and which insights route each role has.
import type { Role } from '../../../generated/types.gen.ts';
import { zRole } from '../../../generated/zod.gen.ts';
import { paths } from '../../config/paths.ts';

export type { Role };

/** Every role the contract knows, in its order. */
export const ROLES: readonly Role[] = zRole.options;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

// Without trailing slashes, exactly as the seed's tables write them.
export const ROLE_HOME_ROUTES: Readonly<Record<Role, string>> = {
  emergency_room: '/emergency-room/cases',
  emergency_room_admin: '/emergency-room/admin',
  er_doctor: '/emergency-room/doctor/cases',
  specialist: '/specialist/cases',
  hospital_system: '/hospital-system-admin',
  hospital: '/hospital-admin',
  hospital_system_business_administrator: '/insights/hospitals',
  hospital_business_administrator: '/insights/hospitals',
};

export const FALLBACK_HOME_ROUTE = paths.root.path;

export const ROLE_INSIGHTS_ROUTES: Readonly<Record<Role, string>> = {
  emergency_room: '/insights/hospitals',
  emergency_room_admin: '/insights/hospitals',
  er_doctor: '/insights/hospitals',
  specialist: '/insights/physicians',
  hospital_system: '/insights',
  hospital: '/insights',
  hospital_system_business_administrator: '/insights/hospitals',
  hospital_business_administrator: '/insights/hospitals',
};

export const FALLBACK_INSIGHTS_ROUTE = '/insights';

/** The home redirect uses the first role that has a home route. */
export function homeRouteFor(roles: readonly string[]): string {
  const known = roles.find(isRole);
  return known ? ROLE_HOME_ROUTES[known] : FALLBACK_HOME_ROUTE;
}

/** The first role is the primary role and drives the insights route. */
export function insightsRouteFor(roles: readonly string[]): string {
  const primary = roles[0];
  return primary !== undefined && isRole(primary) ? ROLE_INSIGHTS_ROUTES[primary] : FALLBACK_INSIGHTS_ROUTE;
}
