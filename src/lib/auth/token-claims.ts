// Reads the claims of a JWT without verifying it: the API verifies; the SPA only needs exp and roles.

export class TokenDecodeError extends Error {
  constructor(reason: string) {
    super(`Cannot decode token: ${reason}`);
    this.name = 'TokenDecodeError';
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64UrlToText(segment: string): string {
  if (!BASE64URL.test(segment) || segment.replace(/=+$/, '').length % 4 === 1) {
    throw new TokenDecodeError('the payload is not base64url');
  }
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TokenDecodeError('the payload is not UTF-8');
  }
}

/** Only a string whose payload is valid base64url JSON (an object) decodes. */
export function decodeTokenPayload(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') throw new TokenDecodeError('the token is not a string');
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') throw new TokenDecodeError('the token has no payload');
  let claims: unknown;
  try {
    claims = JSON.parse(base64UrlToText(payload));
  } catch (error) {
    if (error instanceof TokenDecodeError) throw error;
    throw new TokenDecodeError('the payload is not JSON');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new TokenDecodeError('the payload is not a JSON object');
  }
  return claims as Record<string, unknown>;
}

/** The token's `exp` in seconds since the epoch. */
export function tokenExpiry(token: unknown): number {
  const exp = decodeTokenPayload(token)['exp'];
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new TokenDecodeError('the token has no exp');
  return exp;
}
