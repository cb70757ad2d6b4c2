import { ALWAYS_REQUESTED_SCOPES } from '../../config/constants.ts';

/** Seed §9: openid, profile and offline_access, then the tenant's scopes, each once. */
export function loginScopes(configScopes: readonly string[] | undefined): string[] {
  return [...new Set([...ALWAYS_REQUESTED_SCOPES, ...(configScopes ?? [])].filter((scope) => scope !== ''))];
}
