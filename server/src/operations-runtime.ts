// What operators and load balancers see of a running server: readiness (the database, the migrations, the
// timer worker, whether it is stopping) and Prometheus metrics at GET /metrics (request durations, open event
// streams, pending escalations, the oldest unaccepted case). The metrics are read only from the addresses of
// METRICS_ALLOW (this machine by default) or with METRICS_TOKEN (operations-config.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, register as processRegistry, Registry } from 'prom-client';
import { readWaitingCaseFigures } from './cases/case-timers-repository.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { checkReadiness, type Readiness } from './health/health-check.ts';

export const METRICS_PATH = '/metrics';
export const METRICS_FORBIDDEN =
  'Metrics are readable only from the addresses in METRICS_ALLOW or with the METRICS_TOKEN bearer token';

export interface OperationsRuntime {
  /** From SIGTERM on: the readiness check answers 503 while the process finishes what it has. */
  markStopping(): void;
  readonly stopping: boolean;
  readiness(): Promise<Readiness>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly operations: OperationsRuntime;
  }
}

// The process's own figures (memory, event loop, handles) are collected once per process, whatever number
// of apps a test builds in it; each app's registry is merged with them when scraped.
let processMetricsStarted = false;

function allowListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function mayReadMetrics(request: FastifyRequest, allow: BlockList, token: Buffer | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token !== undefined && authorization?.startsWith('Bearer ') === true) {
    return timingSafeEqual(digest(authorization.slice('Bearer '.length)), token);
  }
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const address = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = isIP(address);
  return family !== 0 && allow.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export function registerOperations(
  app: FastifyInstance,
  { config, db }: { config: Config; db: Database },
): void {
  let stopping = false;
  const runtime: OperationsRuntime = {
    markStopping() {
      stopping = true;
    },
    get stopping() {
      return stopping;
    },
    readiness() {
      const { worker } = app.cases;
      return checkReadiness(db, { worker: worker === null ? 'off' : worker.state(), stopping });
    },
  };
  app.decorate('operations', runtime);
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });

  if (!processMetricsStarted) {
    processMetricsStarted = true;
    collectDefaultMetrics({ register: processRegistry });
  }
  const registry = new Registry();
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route template (never a real path)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The template (/api/v1/cases/:caseId), never the path itself: no id and no query reaches the metrics.
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  new Gauge({
    name: 'case_router_open_event_streams',
    help: 'Server-sent event streams open on this process',
    registers: [registry],
    collect() {
      this.set(app.cases.hub.openStreams());
    },
  });
  // The three figures of waiting cases come from one query per scrape, shared by their gauges.
  let figures: ReturnType<typeof readWaitingCaseFigures> | undefined;
  const waiting = () => {
    figures ??= readWaitingCaseFigures(db, app.cases.context.clock.now()).finally(() => {
      figures = undefined;
    });
    return figures;
  };
  new Gauge({
    name: 'case_router_pending_escalations',
    help: 'Waiting cases (pending or escalated) whose escalation timer runs, in the whole database',
    registers: [registry],
    async collect() {
      this.set((await waiting()).pendingEscalations);
    },
  });
  new Gauge({
    name: 'case_router_overdue_escalations',
    help: 'Waiting cases whose escalation is already due: above 0 for long, the timer worker is behind',
    registers: [registry],
    async collect() {
      this.set((await waiting()).overdueEscalations);
    },
  });
  new Gauge({
    name: 'case_router_oldest_unaccepted_case_age_seconds',
    help: 'Age of the oldest case not yet accepted (pending or escalated); 0 when none waits',
    registers: [registry],
    async collect() {
      this.set((await waiting()).oldestUnacceptedSeconds);
    },
  });

  const allow = allowListOf(config.operations.metrics.allow);
  const token =
    config.operations.metrics.token === undefined ? undefined : digest(config.operations.metrics.token);
  app.get(METRICS_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!mayReadMetrics(request, allow, token)) {
      return reply.code(403).send({ detail: METRICS_FORBIDDEN });
    }
    const merged = Registry.merge([processRegistry, registry]);
    try {
      const text = await merged.metrics();
      return await reply.type(merged.contentType).send(text);
    } catch (error) {
      request.log.error({ err: error }, 'metrics: a figure could not be read');
      return reply.code(503).send({ detail: 'Metrics unavailable: the database does not answer' });
    }
  });
}
