// Wires cases into the app: the context handlers use (request.server.cases), the event hub, the timer worker,
// and raw-bytes uploads. Options let tests give a fake clock, a fast worker tick, or no worker at all.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { directoryBlobStore, type BlobStore } from '../blobs/store.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { unsupportedMediaType } from '../errors.ts';
import { systemClock, type AckOverrides, type Clock } from '../domain/escalation.ts';
import { startEventHub, type EventHub } from '../events/hub.ts';
import { startCaseTimerWorker, type CaseTimerWorker } from '../workers/case-timers.ts';
import { MAX_ATTACHMENT_BYTES, type AttachmentsContext } from './attachments.ts';

export interface CasesOptions {
  readonly clock?: Clock;
  /** How often the worker looks for due escalations and re-alerts; false runs no worker. */
  readonly worker?: { readonly tickMs: number } | false;
  readonly blobs?: BlobStore;
  /** Acknowledgement and re-alert times that win over every hospital's; default from the configuration. */
  readonly ackOverrides?: AckOverrides;
}

export interface CasesRuntime {
  readonly context: AttachmentsContext;
  readonly hub: EventHub;
  readonly worker: CaseTimerWorker | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly cases: CasesRuntime;
  }
}

export const BINARY_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'];
const UPLOAD_OPERATION_ID = 'uploadCaseAttachment';

interface RouteSchema {
  operationId?: string;
  body?: { content?: Record<string, { schema?: unknown }> };
  headers?: { properties?: Record<string, unknown>; required?: string[] };
}

/**
 * Adapts the document's schemas to what Fastify hands the validator. Call before the routes are registered.
 * - Binary bodies arrive as Buffers, which `type: string, format: binary` cannot validate: such bodies are
 *   checked by their content type (validation.ts) and their bytes (attachments.ts) instead.
 * - Header names arrive lower-cased; Fastify lower-cases header schemas itself only with its own validator.
 * - The upload route alone accepts bodies up to MAX_ATTACHMENT_BYTES; every other keeps the server's default.
 */
export function adaptRouteSchemas(app: FastifyInstance): void {
  // No bodyLimit of its own: a parser's limit would hold on every route these types reach (any route with a
  // body, before authentication). The default stays; only the upload route is given more, below.
  app.addContentTypeParser(BINARY_UPLOAD_TYPES, { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
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
    // The glue puts the operationId in the schema; it is the one route that takes a body over the default.
    if (schema?.operationId === UPLOAD_OPERATION_ID) route.bodyLimit = MAX_ATTACHMENT_BYTES;
    const content = schema?.body?.content;
    if (!content) return;
    for (const [mediaType, entry] of Object.entries(content)) {
      const body = entry.schema as { type?: unknown; format?: unknown } | undefined;
      if (body?.type === 'string' && body.format === 'binary') content[mediaType] = { schema: {} };
    }
  });
}

export async function registerCases(
  app: FastifyInstance,
  { config, db, options = {} }: { config: Config; db: Database; options?: CasesOptions },
): Promise<void> {
  const clock = options.clock ?? systemClock;
  const onError = (error: unknown) => {
    app.log.error({ err: error }, 'cases: background work failed');
  };
  const hub = await startEventHub(db, onError);
  const tickMs = options.worker === false ? null : (options.worker?.tickMs ?? config.caseTimers.tickMs);
  const ackOverrides = options.ackOverrides ?? config.caseTimers.ackOverrides;
  const runtime: CasesRuntime = {
    context: {
      db,
      clock,
      mediaUrl: config.api.mediaUrl,
      blobs: options.blobs ?? directoryBlobStore(config.blobDir),
      ackOverrides,
    },
    hub,
    worker:
      tickMs === null ? null : startCaseTimerWorker({ db, clock, tickMs, overrides: ackOverrides, onError }),
  };
  app.decorate('cases', runtime);
  app.addHook('onReady', async () => {
    // Whatever fell due while no server ran fires now, not a tick later.
    await runtime.worker?.tick().catch(onError);
  });
  app.addHook('preClose', (done) => {
    hub.endStreams();
    done();
  });
  app.addHook('onClose', async () => {
    await runtime.worker?.stop();
    await hub.close().catch(onError);
  });
}
