// The server's limits, read from the environment with the rest of config.ts: how long a request may take to
// arrive, how many connections and requests it takes, which proxies it believes about a client's address.
import { isIP } from 'node:net';
import { z } from 'zod';

export interface LimitsConfig {
  /** The whole request (headers and body) must arrive within this (REQUEST_TIMEOUT_MS); 408 otherwise. */
  readonly requestTimeoutMs: number;
  /** A body none of whose bytes arrive for this long is answered 408 (BODY_IDLE_TIMEOUT_MS). */
  readonly bodyIdleTimeoutMs: number;
  /** The headers must arrive within this (HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** An idle kept-alive connection closes after this (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** Connections held open at once (MAX_CONNECTIONS); past it new ones are closed at once. */
  readonly maxConnections: number;
  /** API requests a signed-in user may make per minute (RATE_LIMIT_PER_USER). */
  readonly perUserPerMinute: number;
  /** API requests without a valid token one address may make per minute (RATE_LIMIT_PER_ADDRESS). */
  readonly perAddressPerMinute: number;
  /** Event streams one user may hold open at once (EVENT_STREAMS_PER_USER). */
  readonly eventStreamsPerUser: number;
  /**
   * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUSTED_PROXIES: addresses or CIDR
   * ranges). Empty: the client's address is the connection's own.
   */
  readonly trustedProxies: readonly string[];
}

const count = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (address === undefined || rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
}

/** Addresses and CIDR ranges separated by commas (TRUSTED_PROXIES, METRICS_ALLOW), each checked. */
export const addressList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine(
    (entries) => entries.every(isAddressOrRange),
    'must be IP addresses or CIDR ranges separated by commas, e.g. 10.0.0.5,10.1.0.0/16',
  );

/** The variables, merged into config.ts's schema so that their problems are listed with the rest. */
export const limitsEnvShape = {
  REQUEST_TIMEOUT_MS: count(1_000, 3_600_000).optional(),
  HEADERS_TIMEOUT_MS: count(1_000, 600_000).optional(),
  BODY_IDLE_TIMEOUT_MS: count(1_000, 600_000).optional(),
  KEEP_ALIVE_TIMEOUT_MS: count(1_000, 600_000).optional(),
  MAX_CONNECTIONS: count(1, 1_000_000).optional(),
  RATE_LIMIT_PER_USER: count(1, 1_000_000).optional(),
  RATE_LIMIT_PER_ADDRESS: count(1, 1_000_000).optional(),
  EVENT_STREAMS_PER_USER: count(1, 100).optional(),
  TRUSTED_PROXIES: addressList.optional(),
};

type LimitsEnv = { [K in keyof typeof limitsEnvShape]?: z.output<(typeof limitsEnvShape)[K]> };

// A proxy in front on this machine is the common case of TLS=off; anything further away is named.
const LOOPBACK = ['127.0.0.1', '::1'];

export function readLimits(env: LimitsEnv, tlsOff: boolean): LimitsConfig {
  return {
    // A 20 MB upload over a slow ward connection still arrives; a body that never comes does not hold on.
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS ?? 120_000,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS ?? 15_000,
    // Half of a proxy's usual client_body_timeout: a stalled upload lets its connection go within 30 s.
    bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS ?? 30_000,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS ?? 10_000,
    maxConnections: env.MAX_CONNECTIONS ?? 2_000,
    perUserPerMinute: env.RATE_LIMIT_PER_USER ?? 600,
    perAddressPerMinute: env.RATE_LIMIT_PER_ADDRESS ?? 300,
    eventStreamsPerUser: env.EVENT_STREAMS_PER_USER ?? 5,
    trustedProxies: env.TRUSTED_PROXIES ?? (tlsOff ? LOOPBACK : []),
  };
}
