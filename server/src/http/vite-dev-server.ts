// `--dev`: the SPA through Vite's development server in middleware mode, on the same origin and the same
// HTTPS server as the API (HMR included), so sign-in works exactly as in production.
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import { createServer } from 'vite';

const API_OR_PROVIDER = /^\/(api|oidc)(\/|$|\?)/;

export async function registerViteDevServer(app: FastifyInstance): Promise<void> {
  const vite = await createServer({
    root: resolve(import.meta.dirname, '../../..'),
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  await app.register(middie);
  app.use((request, response, next) => {
    if (API_OR_PROVIDER.test(request.url ?? '/')) {
      next();
      return;
    }
    // `/` has a page of its own, as in production: it signs in first and loads the app only when needed.
    const url = new URL(request.url ?? '/', 'https://dev.invalid');
    if (url.pathname === '/') request.url = `/root.html${url.search}`;
    vite.middlewares(request, response, next);
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });
}
