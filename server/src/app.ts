// Builds the Fastify app in layers: external plugins (validation, errors, security headers) -> app plugins
// (database and configuration, the identity provider, the bearer check, the cases runtime with its event hub
// and timers) -> routes (the OpenAPI document, then the SPA).
import { randomUUID } from 'node:crypto';
import type { Http2SecureServer } from 'node:http2';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { createAuthenticator, forgetChangedUsers } from './auth/authenticate.ts';
import { setPasswordHashCost } from './auth/passwords.ts';
import { MAX_ATTACHMENT_BYTES } from './cases/attachments.ts';
import { registerCases, type CasesOptions } from './cases-runtime.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { handlers } from './handlers/index.ts';
import { startupFetches } from './handlers/public.ts';
import { decorateContext } from './http/request-context.ts';
import { clientErrorHandler, frameworkErrors } from './http/client-errors.ts';
import { registerApiGuard } from './http/api-guard.ts';
import { limitBodyIdle } from './http/body-idle.ts';
import { HTTP2_MAX_STREAMS, limitHttp2Requests } from './http/http2-limits.ts';
import { dropRequestsOnClosingConnections } from './http/lingering-close.ts';
import { installErrorHandling, type NotFoundFallback } from './http/error-handler.ts';
import { adaptRouteSchemas } from './http/route-schemas.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { appStartFiles, registerSpa } from './http/spa.ts';
import { registerApiReference } from './http/api-reference/api-reference.ts';
import { createValidatorCompiler, enforceBodyContentTypes, refuseNulCharacters } from './http/validation.ts';
import { registerIdentity } from './identity/index.ts';
import { createLogger } from './logger.ts';
import { registerOperations } from './operations-runtime.ts';
import { API_PREFIX, loadOpenApiDocument, operationsOf } from './openapi.ts';

export const BODY_LIMIT_BYTES = 1_048_576;

export interface BuildAppOptions {
  readonly config: Config;
  readonly db: Database;
  /** Defaults to JSON logs at config.logLevel. */
  readonly logger?: FastifyBaseLogger;
  /** Serve HTTPS with this certificate (see tls.ts); plain HTTP when absent. */
  readonly https?: { readonly cert: string; readonly key: string };
  /** Serve the SPA through Vite's development server (HMR) instead of the built files. */
  readonly dev?: boolean;
  /** Cases: the clock, the timer worker's tick, the blob store (tests shorten or fake them). */
  readonly cases?: CasesOptions;
}

/** The app, not yet ready: callers may add to it; inject() and listen() make it ready. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  setPasswordHashCost(config.passwordHashCost);
  const serverOptions = {
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    forceCloseConnections: 'idle' as const,
    // Only the proxies named (by default, with TLS=off, one on this machine) say who the client is: anyone
    // else's X-Forwarded-For would let a caller choose the address the audit trail records.
    trustProxy: config.limits.trustedProxies.length > 0 ? [...config.limits.trustedProxies] : false,
    requestTimeout: config.limits.requestTimeoutMs,
    keepAliveTimeout: config.limits.keepAliveTimeoutMs,
    clientErrorHandler,
    frameworkErrors,
  };
  // Over TLS, HTTP/2 when the browser offers it: every file, API call and event stream of a page shares one
  // connection, so a phone on a slow network pays one handshake instead of one per parallel request. HTTP/1.1
  // clients (scripts, probes, older tools) are still served on the same port. Not in development: Vite's
  // module graph is hundreds of small requests, which Node's HTTP/2 defaults are not set for.
  const tls = options.https;
  const app = (tls && options.dev !== true
    ? // Our hooks are typed against Node's HTTP/1 request; they use only what HTTP/2's compatibility
      // request has too.
      Fastify({
        ...serverOptions,
        http2: true,
        https: {
          allowHTTP1: true,
          cert: tls.cert,
          key: tls.key,
          settings: { maxConcurrentStreams: HTTP2_MAX_STREAMS },
        },
      } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>)
    : Fastify({
        ...serverOptions,
        ...(tls ? { https: { cert: tls.cert, key: tls.key } } : {}),
      })) as unknown as FastifyInstance;

  // Fastify applies the request and keep-alive limits to HTTP/1.1 servers only; the HTTPS server holds them
  // for its HTTP/1.1 connections too.
  Object.assign(app.server, {
    requestTimeout: config.limits.requestTimeoutMs,
    keepAliveTimeout: config.limits.keepAliveTimeoutMs,
    headersTimeout: config.limits.headersTimeoutMs,
    maxConnections: config.limits.maxConnections,
  });

  dropRequestsOnClosingConnections(app);
  limitHttp2Requests(app, config.limits.requestTimeoutMs);
  limitBodyIdle(app, config.limits.bodyIdleTimeoutMs);

  // External plugins.
  const document = loadOpenApiDocument();
  const requiredBodies = new Set(
    operationsOf(document)
      .filter((operation) => operation.bodyRequired)
      .map((operation) => operation.operationId),
  );
  app.setValidatorCompiler(createValidatorCompiler());
  let fallback: NotFoundFallback | undefined;
  installErrorHandling(app, (request, reply) => fallback?.(request, reply) ?? Promise.resolve(false));
  enforceBodyContentTypes(app, requiredBodies);
  refuseNulCharacters(app);
  await registerSecurityHeaders(app, config, { dev: options.dev === true });
  adaptRouteSchemas(app, { uploadCaseAttachment: MAX_ATTACHMENT_BYTES }, new Set(['uploadCaseAttachment']));

  // App plugins.
  decorateContext(app, { config, db });
  if (config.identity.embedded && config.tenantProblems.length > 0) {
    // The SPA stops at its Configuration Error screen anyway; a provider built from broken settings would
    // refuse to start and take the whole server (and the tenant config naming the problem) down with it.
    app.log.warn('The embedded identity provider is not mounted until the tenant configuration is fixed.');
  } else if (config.identity.embedded) {
    // Not in development: Vite serves the app's files from source there, with names of its own.
    await registerIdentity(app, {
      config,
      db,
      appStartFiles: options.dev === true ? [] : appStartFiles(config.spaDir),
    });
  }
  const authenticate = createAuthenticator({ config, db });
  await registerApiGuard(app, { authenticate: () => authenticate, limits: config.limits });
  const unlistenUsers = await forgetChangedUsers(db, authenticate.users);
  app.addHook('onClose', async () => {
    await unlistenUsers().catch(() => undefined);
  });
  await registerCases(app, { config, db, ...(options.cases ? { options: options.cases } : {}) });
  registerOperations(app, { config, db });

  // Routes: nothing under /api/v1 exists unless the document declares it; the reference for people reads it.
  registerApiReference(app);
  await app.register(openapiGlue, {
    specification: document,
    serviceHandlers: handlers,
    // The bearer token is checked in onRequest, before the body (http/api-guard.ts).
    securityHandlers: { bearer: () => Promise.resolve() },
    prefix: API_PREFIX,
  });
  if (options.dev === true) {
    const { registerViteDevServer } = await import('./http/vite-dev-server.ts');
    await registerViteDevServer(app);
  } else {
    fallback = await registerSpa(app, config.spaDir, {
      sourceMaps: !config.production,
      preloads: startupFetches(config),
    });
  }
  return app;
}
