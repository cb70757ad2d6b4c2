import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { NOT_FOUND } from '../errors.ts';
import { deleteExpiredPayloads } from './identity-repository.ts';
import { registerInteractionRoutes } from './interactions.ts';
import { createProvider, mountPathOf } from './provider.ts';

export interface IdentityDeps {
  readonly config: Config;
  readonly db: Database;
  /** The SPA's start-up files (none in development, or when it is not built). */
  readonly appStartFiles?: readonly string[];
}

// The sign-out page asks nothing: its form is submitted as soon as the page is parsed (the tag has defer).
const AUTO_SUBMIT_SCRIPT = `const form = document.forms[0];
if (form) form.submit();
`;

// The sign-in page's list of the app's start-up files is fetched once the page has loaded and the user has had
// a moment: the files are for the page that comes after, and must not compete with this one.
const PREFETCH_APP_SCRIPT = `const files = (document.currentScript?.dataset.files ?? '').split(' ').filter(Boolean);
window.addEventListener('load', () => {
  setTimeout(() => {
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      link.crossOrigin = 'anonymous';
      document.head.append(link);
    }
  }, 2000);
});
`;

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Mounts the embedded OpenID Connect provider (oidc-provider, a Koa app) under the issuer's path on our origin,
 * with our sign-in pages. Does nothing when an external authority (e.g. Entra ID) signs users in.
 */
export async function registerIdentity(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { config, db } = deps;
  if (!config.identity.embedded) return;

  const provider = await createProvider(deps);
  const mountPath = mountPathOf(config.identity.issuer);
  const callback = provider.callback();
  provider.on('server_error', (_ctx, error) => {
    app.log.error({ err: error }, 'identity provider error');
  });

  const assets = new Map([
    [
      'identity.css',
      {
        type: 'text/css; charset=utf-8',
        body: await readFile(resolve(import.meta.dirname, 'assets', 'identity.css'), 'utf8'),
      },
    ],
    ['auto-submit.js', { type: 'text/javascript; charset=utf-8', body: AUTO_SUBMIT_SCRIPT }],
    ['prefetch-app.js', { type: 'text/javascript; charset=utf-8', body: PREFETCH_APP_SCRIPT }],
  ]);

  await app.register((scope, _options, done) => {
    // The provider reads request bodies itself: leave the stream untouched for every content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });

    const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = raw.url ?? '/';
      const rest = url.slice(mountPath.length);
      // oidc-provider sees paths relative to its mount and finds the mount again from originalUrl.
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    };
    scope.all(mountPath, toProvider);
    scope.all(`${mountPath}/*`, toProvider);

    scope.get<{ Params: { name: string } }>(`${mountPath}/assets/:name`, async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) return reply.code(404).send({ detail: NOT_FOUND });
      return reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
    });
    done();
  });

  await registerInteractionRoutes(app, {
    provider,
    config,
    db,
    mountPath,
    appStartFiles: deps.appStartFiles ?? [],
  });

  await deleteExpiredPayloads(db);
  const cleanup = setInterval(() => {
    deleteExpiredPayloads(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete expired identity records');
    });
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', () => {
    clearInterval(cleanup);
  });
}
