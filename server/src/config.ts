import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { alertsEnvShape, alertsProblems, readAlerts, type AlertsConfig } from './alerts-config.ts';
import { generatePassword, MINIMUM_COST } from './auth/passwords.ts';
import { limitsEnvShape, readLimits, type LimitsConfig } from './limits-config.ts';
import {
  operationsEnvShape,
  operationsProblems,
  readOperations,
  type OperationsConfig,
} from './operations-config.ts';

// The server's whole configuration, read once from the environment and validated at boot.
// Two kinds of problems: server-level ones stop the boot (ConfigError, a readable list); tenant-level ones
// (how the SPA signs in) do not, so that the SPA can show its Configuration Error screen: the server starts
// and GET /api/v1/public/tenant-config names them.

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type TlsConfig =
  | { readonly mode: 'generated'; readonly dir: string }
  | { readonly mode: 'files'; readonly certFile: string; readonly keyFile: string }
  | { readonly mode: 'off' };

export interface IdentityConfig {
  /** The OpenID Connect issuer: AUTH_AUTHORITY, or the embedded provider at PUBLIC_URL + '/oidc'. */
  readonly issuer: string;
  readonly clientId: string;
  /** The audience of access tokens for the API. */
  readonly apiAudience: string;
  /** The API's own scope: the first of AUTH_SCOPES. */
  readonly apiScope: string;
  /** The scopes the SPA requests, as sent in the tenant config. */
  readonly scopes: readonly string[];
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  readonly ttls: {
    readonly accessTokenSeconds: number;
    readonly refreshTokenSeconds: number;
    /** The provider's session when the user ticked "Keep me signed in on this device": from the sign-in. */
    readonly sessionSeconds: number;
    /** Otherwise the session ends with the browser, after this long without activity... */
    readonly sessionIdleSeconds: number;
    /** ...and this long after the sign-in at the latest. */
    readonly sessionMaxSeconds: number;
  };
  /** True when this server runs the identity provider itself (AUTH_AUTHORITY unset). */
  readonly embedded: boolean;
}

export interface CaseTimersConfig {
  /** How often the timer worker looks for due escalations and re-alerts (CASE_TIMER_TICK_MS). */
  readonly tickMs: number;
  /**
   * Times that win over every hospital's own (CASE_ACK_SECONDS_EMERGENT / _URGENT / _ROUTINE and
   * CASE_REALERT_SECONDS), so that end-to-end tests and demos can see escalations and re-alerts happen.
   */
  readonly ackOverrides: {
    readonly ackSeconds: Readonly<Partial<Record<'emergent' | 'urgent' | 'routine', number>>>;
    readonly realertSeconds?: number;
  };
}

export interface Config {
  readonly port: number;
  readonly host: string;
  /** The origin users open, without a trailing slash, e.g. https://localhost:8443. */
  readonly publicUrl: string;
  readonly dataDir: string;
  /** A PostgreSQL server; undefined means the embedded PGlite database in dataDir. */
  readonly databaseUrl: string | undefined;
  readonly blobDir: string;
  /** The built SPA (vite build output). */
  readonly spaDir: string;
  readonly tls: TlsConfig;
  readonly logLevel: LogLevel;
  /**
   * A real installation: NODE_ENV=production, or a PUBLIC_URL that is not this machine. It starts empty
   * (no demo data unless SEED_DEMO=true) and accepts no demo account it was not told to seed.
   */
  readonly production: boolean;
  readonly seedDemo: boolean;
  readonly demoPassword: string;
  /** True when the demo password was generated at start (a production server told to seed the demo). */
  readonly demoPasswordGenerated: boolean;
  /** Whether demo accounts may sign in and call the API: always on a developer's machine, else only when seeded. */
  readonly demoAccountsAccepted: boolean;
  readonly api: { readonly baseUrl: string; readonly mediaUrl: string };
  readonly identity: IdentityConfig;
  /**
   * scrypt's N for new password hashes (PASSWORD_HASH_COST): OWASP's minimum, 2^17, unless a developer's
   * machine or a test asks for less; a production server refuses less.
   */
  readonly passwordHashCost: number;
  /** How long a token's user (hospital, specialties) is reused before it is read again; 0 reads every time. */
  readonly authUserCacheSeconds: number;
  readonly caseTimers: CaseTimersConfig;
  /** Timeouts, connection and request limits, trusted proxies (limits-config.ts). */
  readonly limits: LimitsConfig;
  /** Metrics access, the shutdown drain, the S3 blob store (operations-config.ts). */
  readonly operations: OperationsConfig;
  /** Web Push and the other channels alerts leave by (alerts-config.ts). */
  readonly alerts: AlertsConfig;
  /** Tenant-level problems, one readable line each; empty when the tenant configuration is sound. */
  readonly tenantProblems: readonly string[];
}

export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export const DEFAULT_PORT = 8443;
export const DEFAULT_DEMO_PASSWORD = 'CaseRouter-demo-2026';
const DEFAULT_SPA_DIR = resolve(import.meta.dirname, '../../dist');

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);

// Read with Number(), so "20", " 20 " and "2e1" are all 20; the message names the unit and the range.
const integerIn = (min: number, max: number, unit: string) =>
  z
    .string()
    .transform(Number)
    .refine(
      (value) => Number.isInteger(value) && value >= min && value <= max,
      `must be a whole number of ${unit} between ${min} and ${max}`,
    );
const caseSeconds = integerIn(1, 86_400, 'seconds');

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const origin = z.string().refine((value) => {
  const url = parseUrl(value);
  return url !== undefined && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search;
}, 'must be an origin such as https://localhost:8443 (http or https, no path)');

const serverSchema = z.object({
  PORT: wholeNumber(1, 65_535).optional(),
  HOST: z.string().optional(),
  PUBLIC_URL: origin.optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  BLOB_DIR: z.string().optional(),
  SPA_DIR: z.string().optional(),
  TLS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  TLS_CERT: z.string().optional(),
  TLS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  NODE_ENV: z.string().optional(),
  SEED_DEMO: flag.optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(1, 86_400).optional(),
  REFRESH_TOKEN_TTL_SECONDS: wholeNumber(1, 31_536_000).optional(),
  SESSION_TTL_SECONDS: wholeNumber(1, 31_536_000).optional(),
  SESSION_IDLE_SECONDS: wholeNumber(60, 86_400).optional(),
  SESSION_MAX_SECONDS: wholeNumber(60, 604_800).optional(),
  AUTH_USER_CACHE_SECONDS: wholeNumber(0, 300).optional(),
  PASSWORD_HASH_COST: wholeNumber(1024, 1_048_576)
    .refine((value) => Number.isInteger(Math.log2(value)), 'must be a power of two')
    .optional(),
  CASE_TIMER_TICK_MS: integerIn(10, 60_000, 'milliseconds').optional(),
  CASE_ACK_SECONDS_EMERGENT: caseSeconds.optional(),
  CASE_ACK_SECONDS_URGENT: caseSeconds.optional(),
  CASE_ACK_SECONDS_ROUTINE: caseSeconds.optional(),
  CASE_REALERT_SECONDS: caseSeconds.optional(),
  ...limitsEnvShape,
  ...operationsEnvShape,
  ...alertsEnvShape,
});

// Checks across variables, kept apart from the schema so that they are reported together with its problems.
function tlsProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  const cert = env['TLS_CERT'];
  const key = env['TLS_KEY'];
  if ((cert === undefined) !== (key === undefined)) {
    problems.push(`${cert === undefined ? 'TLS_CERT' : 'TLS_KEY'}: TLS_CERT and TLS_KEY go together`);
  }
  if (env['TLS'] === 'off' && (cert !== undefined || key !== undefined)) {
    problems.push('TLS: TLS=off serves plain HTTP: unset TLS_CERT and TLS_KEY, or remove TLS=off');
  }
  for (const [name, file] of [
    ['TLS_CERT', cert],
    ['TLS_KEY', key],
  ] as const) {
    if (file !== undefined && !existsSync(file)) problems.push(`${name}: no such file: ${file}`);
  }
  return problems;
}

type ServerEnv = z.output<typeof serverSchema>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the origin is this machine: a developer's laptop rather than an installation others reach. */
export function isLocalOrigin(origin: string): boolean {
  const host = parseUrl(origin)?.hostname;
  return host !== undefined && (LOCAL_HOSTS.has(host) || host.endsWith('.localhost'));
}

function isProduction(env: Record<string, string>): boolean {
  const publicUrl = env['PUBLIC_URL'];
  return env['NODE_ENV'] === 'production' || (publicUrl !== undefined && !isLocalOrigin(publicUrl));
}

function passwordHashProblems(env: Record<string, string>): string[] {
  const cost = Number(env['PASSWORD_HASH_COST']);
  if (!isProduction(env) || env['PASSWORD_HASH_COST'] === undefined || !(cost < MINIMUM_COST)) return [];
  return [
    `PASSWORD_HASH_COST: a production server hashes passwords with at least ${MINIMUM_COST} (scrypt's N): ` +
      'unset it, or raise it',
  ];
}

function demoProblems(env: Record<string, string>): string[] {
  if (!isProduction(env) || env['DEMO_PASSWORD'] === undefined) return [];
  return [
    'DEMO_PASSWORD: a production server (NODE_ENV=production, or a PUBLIC_URL that is not localhost) never ' +
      'uses a chosen demo password: unset it (SEED_DEMO=true generates one and prints it at start)',
  ];
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Blank variables count as unset, so an empty DATABASE_URL means the embedded database. */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') result[name] = value.trim();
  }
  return result;
}

function readServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const given = present(env);
  const parsed = serverSchema.safeParse(given);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`)),
    ...tlsProblems(given),
    ...demoProblems(given),
    ...passwordHashProblems(given),
    ...operationsProblems(given),
    ...alertsProblems(given, isProduction(given)),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

interface TenantSettings {
  identity: IdentityConfig;
  api: Config['api'];
  problems: string[];
}

// Tenant settings never stop the boot: each problem becomes a line of the tenant config's message.
function readTenantSettings(env: NodeJS.ProcessEnv, server: ServerEnv, publicUrl: string): TenantSettings {
  const problems: string[] = [];
  // A variable set to blank is a mistake worth naming here, unlike a blank server variable.
  const setting = (name: string, fallback: string): string => {
    const value = env[name];
    if (value === undefined) return fallback;
    if (value.trim() === '') problems.push(`${name}: must not be empty`);
    return value.trim();
  };
  const absoluteUrl = (name: string, value: string, protocols: RegExp, expected: string): void => {
    const url = parseUrl(value);
    if (value !== '' && (url === undefined || !protocols.test(url.protocol))) {
      problems.push(`${name}: must be ${expected}, got '${value}'`);
    }
  };

  const embedded = env['AUTH_AUTHORITY'] === undefined;
  const issuer = setting('AUTH_AUTHORITY', `${publicUrl}/oidc`).replace(/\/+$/, '');
  if (embedded && !publicUrl.startsWith('https:')) {
    problems.push('PUBLIC_URL: the sign-in authority must be an https URL (MSAL refuses http)');
  } else {
    absoluteUrl('AUTH_AUTHORITY', issuer, /^https:$/, 'an https URL');
  }
  const clientId = setting('AUTH_CLIENT_ID', 'case-router-spa');
  const apiAudience = setting('AUTH_API_AUDIENCE', 'api://case-router');
  const scopes = setting('AUTH_SCOPES', 'api://case-router/access')
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  if (scopes.length === 0 && env['AUTH_SCOPES']?.trim() !== '') {
    problems.push('AUTH_SCOPES: must name at least one scope');
  }
  const redirectUri = setting('AUTH_REDIRECT_URI', `${publicUrl}/redirect.html`);
  absoluteUrl('AUTH_REDIRECT_URI', redirectUri, /^https?:$/, 'an absolute URL');
  const postLogoutRedirectUri = setting('AUTH_POST_LOGOUT_REDIRECT_URI', `${publicUrl}/sign-in`);
  absoluteUrl('AUTH_POST_LOGOUT_REDIRECT_URI', postLogoutRedirectUri, /^https?:$/, 'an absolute URL');
  const baseUrl = setting('API_BASE_URL', `${publicUrl}/api/v1`).replace(/\/+$/, '');
  absoluteUrl('API_BASE_URL', baseUrl, /^https?:$/, 'an absolute URL');
  const mediaUrl = setting('API_MEDIA_URL', `${publicUrl}/api/v1/media`).replace(/\/+$/, '');
  absoluteUrl('API_MEDIA_URL', mediaUrl, /^https?:$/, 'an absolute URL');

  return {
    identity: {
      issuer,
      clientId,
      apiAudience,
      apiScope: scopes[0] ?? '',
      scopes,
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [postLogoutRedirectUri],
      ttls: {
        // Short, so that an open app renews it (and with it the provider's session) well within the idle timeout.
        accessTokenSeconds: server.ACCESS_TOKEN_TTL_SECONDS ?? 900,
        refreshTokenSeconds: server.REFRESH_TOKEN_TTL_SECONDS ?? 14 * 86_400,
        sessionSeconds: server.SESSION_TTL_SECONDS ?? 14 * 86_400,
        // A shared ward PC: half an hour away from it, or a twelve-hour shift, and the next person signs in.
        sessionIdleSeconds: server.SESSION_IDLE_SECONDS ?? 30 * 60,
        sessionMaxSeconds: server.SESSION_MAX_SECONDS ?? 12 * 3600,
      },
      embedded,
    },
    api: { baseUrl, mediaUrl },
    problems,
  };
}

/** Reads and validates the configuration; throws ConfigError listing every server-level problem. */
function readCaseTimers(server: ServerEnv): CaseTimersConfig {
  const ackSeconds: Partial<Record<'emergent' | 'urgent' | 'routine', number>> = {};
  if (server.CASE_ACK_SECONDS_EMERGENT !== undefined) ackSeconds.emergent = server.CASE_ACK_SECONDS_EMERGENT;
  if (server.CASE_ACK_SECONDS_URGENT !== undefined) ackSeconds.urgent = server.CASE_ACK_SECONDS_URGENT;
  if (server.CASE_ACK_SECONDS_ROUTINE !== undefined) ackSeconds.routine = server.CASE_ACK_SECONDS_ROUTINE;
  const realertSeconds = server.CASE_REALERT_SECONDS;
  return {
    tickMs: server.CASE_TIMER_TICK_MS ?? 1000,
    ackOverrides: { ackSeconds, ...(realertSeconds === undefined ? {} : { realertSeconds }) },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const server = readServerEnv(env);
  const port = server.PORT ?? DEFAULT_PORT;
  const publicUrl = (server.PUBLIC_URL ?? `https://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = resolve(server.DATA_DIR ?? '.data');
  const tls: TlsConfig =
    server.TLS === 'off'
      ? { mode: 'off' }
      : server.TLS_CERT !== undefined && server.TLS_KEY !== undefined
        ? { mode: 'files', certFile: resolve(server.TLS_CERT), keyFile: resolve(server.TLS_KEY) }
        : { mode: 'generated', dir: resolve(dataDir, 'tls') };
  const tenant = readTenantSettings(env, server, publicUrl);
  const production = server.NODE_ENV === 'production' || !isLocalOrigin(publicUrl);
  // A developer's machine seeds the demo unless told not to; a production server only when told to.
  const seedDemo = server.SEED_DEMO ?? !production;
  const demoPasswordGenerated = production && seedDemo;

  return {
    port,
    host: server.HOST ?? '127.0.0.1',
    publicUrl,
    dataDir,
    databaseUrl: server.DATABASE_URL,
    blobDir: resolve(server.BLOB_DIR ?? resolve(dataDir, 'blobs')),
    spaDir: resolve(server.SPA_DIR ?? DEFAULT_SPA_DIR),
    tls,
    logLevel: server.LOG_LEVEL ?? 'info',
    production,
    seedDemo,
    demoPassword: demoPasswordGenerated
      ? generatePassword()
      : (server.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD),
    demoPasswordGenerated,
    demoAccountsAccepted: !production || seedDemo,
    api: tenant.api,
    identity: tenant.identity,
    authUserCacheSeconds: server.AUTH_USER_CACHE_SECONDS ?? 5,
    passwordHashCost: server.PASSWORD_HASH_COST ?? MINIMUM_COST,
    caseTimers: readCaseTimers(server),
    limits: readLimits(server, tls.mode === 'off'),
    operations: readOperations(server),
    alerts: readAlerts(server, publicUrl),
    tenantProblems: tenant.problems,
  };
}
