import { ALWAYS_REQUESTED_SCOPES } from '../../config/constants.ts';

/** openid, profile and offline_access, then the tenant's scopes, each once. */
export function loginScopes(configScopes: readonly string[] | undefined): string[] {
  return [...new Set([...ALWAYS_REQUESTED_SCOPES, ...(configScopes ?? [])].filter((scope) => scope !== ''))];
}
