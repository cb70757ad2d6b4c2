// The built SPA (vite build output): files as they are (pre-compressed when the build wrote .br/.gz),
// and index.html for deep links, so /emergency-room/cases opens the app at that route.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NotFoundFallback } from './error-handler.ts';
import { loadRoutePreloads } from './route-preloads.ts';
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

export interface SpaOptions {
  readonly sourceMaps: boolean;
  /**
   * Addresses the app fetches first at start-up (the tenant config, the identity provider's discovery
   * document): index.html asks for them at once, alongside the app's code, instead of after it has run.
   */
  readonly preloads?: readonly string[];
}

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** index.html with a preload hint per address, as fetch() asks for them (CORS mode, no credentials). */
function withPreloads(html: string, preloads: readonly string[]): string {
  if (preloads.length === 0) return html;
  const links = preloads
    .map(
      (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous" />`,
    )
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

const START_FILE = /<(?:script|link)\b[^>]*\s(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g;

/**
 * What index.html loads before the app can start (its scripts, module preloads and stylesheets): the sign-in
 * page has the browser fetch them while the user types. None when the SPA is not built.
 */
export function appStartFiles(spaDir: string): string[] {
  const index = join(spaDir, 'index.html');
  if (!existsSync(index)) return [];
  return [...new Set([...readFileSync(index, 'utf8').matchAll(START_FILE)].map((match) => match[1] ?? ''))];
}

/** Serves spaDir; returns the not-found fallback for deep links. */
export async function registerSpa(
  app: FastifyInstance,
  spaDir: string,
  { sourceMaps, preloads = [] }: SpaOptions = { sourceMaps: true },
): Promise<NotFoundFallback> {
  if (!existsSync(join(spaDir, 'index.html'))) {
    app.log.warn(`The web app is not built (no ${join(spaDir, 'index.html')}): serving the API only.`);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isDeepLink(request) || pathOf(request.url) !== '/') return false;
      await reply.code(200).type('text/plain; charset=utf-8').send(SPA_NOT_BUILT);
      return true;
    };
  }

  // Read once: the page is small and every deep link answers with it.
  const indexHtml = withPreloads(readFileSync(join(spaDir, 'index.html'), 'utf8'), preloads);
  // The address `/` has a page of its own (root.html): it signs in first and loads the app only when needed.
  // A build without it (older than that page) still starts: `/` then opens the app, which signs in too.
  const rootFile = join(spaDir, 'root.html');
  const hasRootPage = existsSync(rootFile);
  if (!hasRootPage) app.log.warn(`No ${rootFile}: / opens the app itself.`);
  const rootHtml = hasRootPage ? withPreloads(readFileSync(rootFile, 'utf8'), preloads) : indexHtml;
  await app.register(fastifyStatic, {
    root: spaDir,
    preCompressed: true,
    cacheControl: false,
    // index.html and root.html are answered below, with their preload hints.
    index: false,
    // Source maps help a developer; a production server does not hand its sources out.
    allowedPath: (pathName) =>
      !/^\/(index|root)\.html/.test(pathName) && (sourceMaps || !pathName.endsWith('.map')),
    // Vite puts content hashes in asset names: those never change; everything else is revalidated.
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(join(spaDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendPage = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  // The static files' route would take / as their folder: the entry is answered here.
  app.get('/', async (_request, reply) => sendPage(reply, rootHtml));
  // A deep link's page names its route's modules too; one page per route, made on first use.
  const routePreloads = loadRoutePreloads(spaDir, (message) => {
    app.log.warn(message);
  });
  const pages = new Map<string, string>();
  const pageFor = (path: string): string => {
    const links = routePreloads.linksFor(path);
    if (links === '') return indexHtml;
    let page = pages.get(links);
    if (page === undefined) {
      page = indexHtml.replace('</head>', `  ${links}\n  </head>`);
      pages.set(links, page);
    }
    return page;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    if (!isDeepLink(request) && path !== '/index.html') return false;
    await sendPage(reply, path === '/index.html' ? indexHtml : pageFor(path));
    return true;
  };
}
