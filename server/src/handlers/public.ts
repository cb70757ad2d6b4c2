import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { TenantConfig } from '../../../generated/types.gen.ts';
import type { Config } from '../config.ts';

export function tenantConfigOf(config: Config): TenantConfig {
  if (config.tenantProblems.length > 0) {
    return { error: 'configuration_error', message: config.tenantProblems.join('; ') };
  }
  const { identity, api } = config;
  return {
    authority: identity.issuer,
    clientId: identity.clientId,
    redirectUri: identity.redirectUris[0],
    postLogoutRedirectUri: identity.postLogoutRedirectUris[0],
    scopes: [...identity.scopes],
    apiBaseUrl: api.baseUrl,
    apiMediaUrl: api.mediaUrl,
  };
}

export const publicHandlers = {
  async getTenantConfig(request, reply) {
    // Never cached, so a fixed configuration reaches the SPA on its next load.
    return reply.header('cache-control', 'no-store').code(200).send(tenantConfigOf(request.server.config));
  },
} satisfies Pick<RouteHandlers, 'getTenantConfig'>;
