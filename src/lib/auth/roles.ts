// The roles, what each may open, and the role home and insights tables as addresses: the home and the insights screen
// of each role, from the route table.
import type { Role } from '../../../generated/types.gen.ts';
import { type Access, ROLE_HOMES, ROLE_INSIGHTS, type RouteName, routes } from '../../config/routes.ts';

export type { Role };

/** Every role the contract knows, in its order: each has a home. */
export const ROLES: readonly Role[] = Object.keys(ROLE_HOMES) as Role[];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A route's address as the role tables write it: no trailing slash. */
function tableAddress(name: RouteName): string {
  const { path } = routes[name];
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function addresses(table: Readonly<Record<Role, RouteName>>): Readonly<Record<Role, string>> {
  return Object.fromEntries(ROLES.map((role) => [role, tableAddress(table[role])])) as Record<Role, string>;
}

export const ROLE_HOME_ROUTES = addresses(ROLE_HOMES);

export const FALLBACK_HOME_ROUTE = routes.root.path;

export const ROLE_INSIGHTS_ROUTES = addresses(ROLE_INSIGHTS);

export const FALLBACK_INSIGHTS_ROUTE = tableAddress('insights');

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

/** Whether a signed-in user with these roles may open a route of this access; any one role is enough. */
export function mayOpen(access: Access, roles: readonly string[]): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  return roles.some((role) => (access as readonly string[]).includes(role));
}
