// Adapts the document's schemas to what Fastify hands the validator. Call before the routes are registered.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { unsupportedMediaType } from '../errors.ts';
import { declaredLength, readBodyUpTo } from './request-body.ts';

export const BINARY_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'];

interface RouteSchema {
  operationId?: string;
  body?: { content?: Record<string, { schema?: unknown }> };
  headers?: { properties?: Record<string, unknown>; required?: string[] };
}

/**
 * - Binary bodies arrive as Buffers, which `type: string, format: binary` cannot validate: such bodies are
 *   checked by their content type (validation.ts) and their bytes (the operation) instead.
 * - Header names arrive lower-cased; Fastify lower-cases header schemas itself only with its own validator.
 * - The operations named in `bodyLimits` accept bodies up to their limit; every other keeps the server's default.
 * - The operations named in `streamed` get a binary body as the request stream itself: the handler decides
 *   whether the caller may send it before reading a byte, and reads it with its cap (request-body.ts).
 */
export function adaptRouteSchemas(
  app: FastifyInstance,
  bodyLimits: Readonly<Record<string, number>>,
  streamed: ReadonlySet<string> = new Set(),
): void {
  // No bodyLimit of its own: a parser's limit would hold on every route these types reach (any route with a
  // body, before authentication). The default stays; only the routes named are given more, below.
  app.addContentTypeParser(BINARY_UPLOAD_TYPES, (request, payload, done) => {
    const operationId = (request.routeOptions.schema as RouteSchema | undefined)?.operationId;
    if (operationId !== undefined && streamed.has(operationId)) {
      done(null, payload);
      return;
    }
    readBodyUpTo(payload, request.routeOptions.bodyLimit, declaredLength(request.headers)).then(
      (body) => {
        done(null, body);
      },
      (error: unknown) => {
        done(error as Error, undefined);
      },
    );
  });
  // The event stream is only ever a response; the glue wants a parser for every media type in the document.
  app.addContentTypeParser('text/event-stream', (_request, _payload, done) => {
    done(unsupportedMediaType('text/event-stream is not accepted as a request body'), undefined);
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as RouteSchema | undefined;
    const headers = schema?.headers;
    if (headers?.properties) {
      headers.properties = Object.fromEntries(
        Object.entries(headers.properties).map(([name, value]) => [name.toLowerCase(), value]),
      );
      if (headers.required) headers.required = headers.required.map((name) => name.toLowerCase());
    }
    // The glue puts the operationId in the schema.
    const bodyLimit = schema?.operationId === undefined ? undefined : bodyLimits[schema.operationId];
    if (bodyLimit !== undefined) route.bodyLimit = bodyLimit;
    const content = schema?.body?.content;
    if (!content) return;
    for (const [mediaType, entry] of Object.entries(content)) {
      const body = entry.schema as { type?: unknown; format?: unknown } | undefined;
      if (body?.type === 'string' && body.format === 'binary') content[mediaType] = { schema: {} };
    }
  });
}
