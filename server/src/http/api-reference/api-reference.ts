// The API reference for people: a page at /api/docs rendering the served contract with Swagger UI (a
// well-kept renderer whose files need no inline script, so our Content-Security-Policy stays as it is).
// Only the renderer's two files are served from its package, and our page, script and stylesheet.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const API_REFERENCE_PATH = '/api/docs';

const RENDERER_FILES = { 'swagger-ui-bundle.js': 'text/javascript', 'swagger-ui.css': 'text/css' } as const;
const OWN_FILES = {
  'reference.js': 'text/javascript; charset=utf-8',
  'reference.css': 'text/css; charset=utf-8',
} as const;

/** The routes of the reference, outside the API's own paths (the contract test knows them by this list). */
export const API_REFERENCE_ROUTES = [
  `GET ${API_REFERENCE_PATH}`,
  ...Object.keys(OWN_FILES).map((file) => `GET ${API_REFERENCE_PATH}/${file}`),
  ...Object.keys(RENDERER_FILES).map((file) => `GET ${API_REFERENCE_PATH}/assets/${file}`),
];

function rendererDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export function registerApiReference(app: FastifyInstance): void {
  const here = import.meta.dirname;
  const page = readFileSync(join(here, 'index.html'), 'utf8');
  app.get(API_REFERENCE_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );
  for (const [file, type] of Object.entries(OWN_FILES)) {
    const body = readFileSync(join(here, file));
    app.get(`${API_REFERENCE_PATH}/${file}`, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type(type).send(body),
    );
  }
  const dir = rendererDir();
  for (const [file, type] of Object.entries(RENDERER_FILES)) {
    const body = readFileSync(join(dir, file));
    app.get(`${API_REFERENCE_PATH}/assets/${file}`, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(body),
    );
  }
}
