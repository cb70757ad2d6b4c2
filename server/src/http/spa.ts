// The built SPA (vite build output): files as they are (pre-compressed when the build wrote .br/.gz),
// and index.html for deep links, so /emergency-room/cases opens the app at that route.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NotFoundFallback } from './error-handler.ts';
import { pathOf } from './url-path.ts';

export const SPA_NOT_BUILT =
  'Case Router: the web app is not built, so only the API is served. Run `npm run build`, then restart.';

// Deep links are routes without a file extension; a missing /assets/x.js must be a 404, not HTML.
const FILE_LIKE = /\/[^/]*\.[a-z0-9]+$/i;
const NOT_SPA = /^\/(api|oidc)(\/|$)/;

function isDeepLink(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  return (
    (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path) && !FILE_LIKE.test(path)
  );
}

/** Serves spaDir; returns the not-found fallback for deep links. */
export async function registerSpa(
  app: FastifyInstance,
  spaDir: string,
  { sourceMaps }: { readonly sourceMaps: boolean } = { sourceMaps: true },
): Promise<NotFoundFallback> {
  if (!existsSync(join(spaDir, 'index.html'))) {
    app.log.warn(`The web app is not built (no ${join(spaDir, 'index.html')}): serving the API only.`);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isDeepLink(request) || pathOf(request.url) !== '/') return false;
      await reply.code(200).type('text/plain; charset=utf-8').send(SPA_NOT_BUILT);
      return true;
    };
  }

  await app.register(fastifyStatic, {
    root: spaDir,
    preCompressed: true,
    cacheControl: false,
    // Source maps help a developer; a production server does not hand its sources out.
    allowedPath: (pathName) => sourceMaps || !pathName.endsWith('.map'),
    // Vite puts content hashes in asset names: those never change; everything else is revalidated.
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(join(spaDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isDeepLink(request)) return false;
    await reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
