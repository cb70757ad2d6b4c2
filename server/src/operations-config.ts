// How the server is run beside others, read from the environment with the rest of config.ts: who may read
// the metrics, how long a stopping process keeps serving while load balancers notice, and where blobs live
// when they leave the machine (an S3-compatible store).
import { z } from 'zod';
import { addressList } from './limits-config.ts';

export interface MetricsConfig {
  /**
   * Addresses and CIDR ranges that may read GET /metrics without a token (METRICS_ALLOW; by default this
   * machine only). The address is the client's as the trusted proxies report it (TRUSTED_PROXIES).
   */
  readonly allow: readonly string[];
  /** A bearer token that reads the metrics from anywhere (METRICS_TOKEN, at least 32 characters). */
  readonly token: string | undefined;
}

export interface S3BlobConfig {
  readonly bucket: string;
  /** An S3-compatible endpoint (MinIO, Ceph, a cloud's own); undefined is AWS S3 itself. */
  readonly endpoint: string | undefined;
  readonly region: string;
  /** Undefined: the SDK's own chain (environment, instance role). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  /** Path-style addresses (bucket in the path): what most S3-compatible servers need. */
  readonly forcePathStyle: boolean;
  /** Put before every key, e.g. `case-router/`, to share a bucket. */
  readonly prefix: string;
}

export interface OperationsConfig {
  readonly metrics: MetricsConfig;
  /**
   * After SIGTERM the readiness check answers 503 at once, and the process keeps serving for this long
   * (SHUTDOWN_DRAIN_SECONDS, default 0) before it stops accepting: time for a load balancer to notice.
   */
  readonly shutdownDrainMs: number;
  /** Blobs in an S3-compatible store (BLOB_S3_BUCKET set); undefined keeps them in BLOB_DIR. */
  readonly s3: S3BlobConfig | undefined;
}

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** The variables, merged into config.ts's schema so that their problems are listed with the rest. */
export const operationsEnvShape = {
  METRICS_ALLOW: addressList.optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  SHUTDOWN_DRAIN_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value <= 300, 'must be between 0 and 300')
    .optional(),
  BLOB_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, . and -)')
    .optional(),
  BLOB_S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .optional(),
  BLOB_S3_REGION: z.string().max(64).optional(),
  BLOB_S3_ACCESS_KEY_ID: z.string().max(256).optional(),
  BLOB_S3_SECRET_ACCESS_KEY: z.string().max(512).optional(),
  BLOB_S3_FORCE_PATH_STYLE: flag.optional(),
  BLOB_S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_/-]{0,100}\/$/, 'must be lower-case letters, digits, _, - and /, ending in /')
    .optional(),
};

type OperationsEnv = { [K in keyof typeof operationsEnvShape]?: z.output<(typeof operationsEnvShape)[K]> };

const LOOPBACK = ['127.0.0.1', '::1'];

/** Checks across variables, reported with the schema's problems. */
export function operationsProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  const s3Names = Object.keys(env).filter((name) => name.startsWith('BLOB_S3_') && name !== 'BLOB_S3_BUCKET');
  if (env['BLOB_S3_BUCKET'] === undefined && s3Names.length > 0) {
    problems.push(`BLOB_S3_BUCKET: ${s3Names.join(', ')} configure an S3 store: name its bucket too`);
  }
  if ((env['BLOB_S3_ACCESS_KEY_ID'] === undefined) !== (env['BLOB_S3_SECRET_ACCESS_KEY'] === undefined)) {
    problems.push('BLOB_S3_ACCESS_KEY_ID: BLOB_S3_ACCESS_KEY_ID and BLOB_S3_SECRET_ACCESS_KEY go together');
  }
  return problems;
}

export function readOperations(env: OperationsEnv): OperationsConfig {
  const bucket = env.BLOB_S3_BUCKET;
  const accessKeyId = env.BLOB_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.BLOB_S3_SECRET_ACCESS_KEY;
  return {
    metrics: { allow: env.METRICS_ALLOW ?? LOOPBACK, token: env.METRICS_TOKEN },
    shutdownDrainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000,
    s3:
      bucket === undefined
        ? undefined
        : {
            bucket,
            endpoint: env.BLOB_S3_ENDPOINT,
            region: env.BLOB_S3_REGION ?? 'us-east-1',
            credentials:
              accessKeyId !== undefined && secretAccessKey !== undefined
                ? { accessKeyId, secretAccessKey }
                : undefined,
            forcePathStyle: env.BLOB_S3_FORCE_PATH_STYLE ?? env.BLOB_S3_ENDPOINT !== undefined,
            prefix: env.BLOB_S3_PREFIX ?? '',
          },
  };
}
