// Roles come from the ID token (an array, or a comma-separated string) or the access token.
import { texts } from '../../config/texts.ts';
import { isRole } from './roles.ts';
import { decodeTokenPayload } from './token-claims.ts';

export class NoRolesError extends Error {
  constructor() {
    super(texts.noRolesInToken);
    this.name = 'NoRolesError';
  }
}

function rolesFromClaim(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return list
    .filter((role): role is string => typeof role === 'string')
    .map((role) => role.trim())
    .filter((role) => role !== '');
}

/** The roles of the ID token claims, else of the access token; throws the no-roles error when there are none. */
export function readRoles(idTokenClaims: object | undefined, accessToken?: string | null): string[] {
  const fromId = rolesFromClaim((idTokenClaims as { roles?: unknown } | undefined)?.roles);
  if (fromId.length > 0) return fromId;
  if (accessToken) {
    try {
      const fromAccess = rolesFromClaim(decodeTokenPayload(accessToken)['roles']);
      if (fromAccess.length > 0) return fromAccess;
    } catch {
      // An opaque access token carries no readable roles; the no-roles error below says so.
    }
  }
  throw new NoRolesError();
}

/** Roles for display and routing: none is an empty list, never an exception. */
export function rolesOrEmpty(idTokenClaims: object | undefined, accessToken?: string | null): string[] {
  try {
    return readRoles(idTokenClaims, accessToken);
  } catch {
    return [];
  }
}

export type RoleProblem = 'no-role' | 'unknown-role';

/** Which of the two role toasts (no role, or no recognised role) applies, if any. */
export function roleProblem(roles: readonly string[]): RoleProblem | null {
  if (roles.length === 0) return 'no-role';
  return roles.some(isRole) ? null : 'unknown-role';
}
