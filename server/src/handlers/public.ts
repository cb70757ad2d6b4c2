import type { FastifyReply } from 'fastify';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { OpenApiDocument, TenantConfig } from '../../../generated/types.gen.ts';
import { recordPushReceipt } from '../cases/push-receipts.ts';
import type { Config } from '../config.ts';
import { API_PREFIX, loadOpenApiDocument } from '../openapi.ts';
import { calendarETag, matchesETag, readCalendarFeed } from '../schedules/calendar-feed.ts';

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

const MICROSOFT_LOGIN_HOST = 'login.microsoftonline.com';

/**
 * What the SPA fetches before anything else: the tenant config, then the provider's discovery document
 * (MSAL reads it when it starts, in OIDC mode; Microsoft's authorities are discovered their own way).
 */
export function startupFetches(config: Config): string[] {
  const fetches = [`${API_PREFIX}/public/tenant-config`];
  const { authority } = tenantConfigOf(config);
  if (authority !== undefined && new URL(authority).hostname !== MICROSOFT_LOGIN_HOST) {
    fetches.push(`${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  }
  return fetches;
}

export const publicHandlers = {
  async getOpenApiDocument(_request, reply) {
    // The document the server validates with; its response schema lets every property through.
    return reply
      .header('cache-control', 'no-cache')
      .code(200)
      .send(loadOpenApiDocument() as OpenApiDocument);
  },
  async getTenantConfig(request, reply) {
    // Never cached, so a fixed configuration reaches the SPA on its next load.
    return reply.header('cache-control', 'no-store').code(200).send(tenantConfigOf(request.server.config));
  },
  async getCalendarFeed(request, reply) {
    const calendar = await readCalendarFeed(request.server.db, request.params.token);
    const etag = calendarETag(calendar);
    // No-cache (never no-store): a calendar app may keep its copy and ask whether it is still current.
    void reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (matchesETag(request.headers['if-none-match'], etag)) {
      // The generated reply types leave out answers without a body other than 204: 304 is in the contract.
      return (reply as unknown as FastifyReply).code(304).send();
    }
    return reply.type('text/calendar; charset=utf-8').code(200).send(calendar);
  },
  async recordPushReceipt(request, reply) {
    await recordPushReceipt(request.server.cases.context, request.body.token, request.ip);
    return reply.code(204).send();
  },
} satisfies Pick<
  RouteHandlers,
  'getTenantConfig' | 'getOpenApiDocument' | 'getCalendarFeed' | 'recordPushReceipt'
>;
