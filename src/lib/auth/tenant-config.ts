// The tenant config, fetched fresh and checked before authentication is set up.
import { client } from '../../../generated/client.gen.ts';
import type {
  GetTenantConfigData,
  GetTenantConfigErrors,
  GetTenantConfigResponses,
  TenantConfig,
} from '../../../generated/types.gen.ts';
import { texts } from '../../config/texts.ts';

const TENANT_CONFIG_URL: GetTenantConfigData['url'] = '/public/tenant-config';

export type ValidTenantConfig = TenantConfig & { authority: string; clientId: string };

export const INVALID_AUTHORITY = 'Invalid tenant config: authority must be a string';
export const MISSING_CLIENT_ID = 'Invalid tenant config: clientId is missing';
const NOT_AN_OBJECT = 'the answer is not a JSON object';

export class TenantConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TenantConfigError';
  }
}

export function validateTenantConfig(raw: unknown): ValidTenantConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new TenantConfigError(texts.tenantConfigFetchFailed + NOT_AN_OBJECT);
  }
  const config = raw as Record<string, unknown>;
  if (config['error'] !== undefined && config['error'] !== null) {
    const { message, error } = config;
    const cause =
      typeof message === 'string' && message !== ''
        ? message
        : typeof error === 'string'
          ? error
          : JSON.stringify(error);
    throw new TenantConfigError(texts.backendConfigurationError + cause);
  }
  if (typeof config['authority'] !== 'string') throw new TenantConfigError(INVALID_AUTHORITY);
  if (typeof config['clientId'] !== 'string' || config['clientId'] === '') {
    throw new TenantConfigError(MISSING_CLIENT_ID);
  }
  return config as ValidTenantConfig;
}

/** Fetches and validates; every failure is a TenantConfigError with one of the configuration error's fixed messages. */
export async function loadTenantConfig(): Promise<ValidTenantConfig> {
  let raw: unknown;
  try {
    // Through the generated client, not its SDK: the SDK and its Zod schemas stay out of the start-up
    // chunk, and the generated validator would reject a bad authority before our check could name it.
    const { data } = await client.get<GetTenantConfigResponses, GetTenantConfigErrors, true>({
      url: TENANT_CONFIG_URL,
      throwOnError: true,
      cache: 'no-store',
    });
    raw = data;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TenantConfigError(texts.tenantConfigFetchFailed + reason, { cause: error });
  }
  return validateTenantConfig(raw);
}
