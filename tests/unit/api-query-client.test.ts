import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/index.ts';
import { shouldRetry } from '../../src/lib/query-client.ts';

describe('query retries', () => {
  it('never retries a 4xx: the same request gets the same answer', () => {
    expect(shouldRetry(0, new ApiError('Not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('Session expired', 401))).toBe(false);
  });

  it('retries other failures twice', () => {
    expect(shouldRetry(0, new ApiError('502 Bad Gateway', 502))).toBe(true);
    expect(shouldRetry(1, new ApiError('Failed to fetch', 0))).toBe(true);
    expect(shouldRetry(2, new ApiError('502 Bad Gateway', 502))).toBe(false);
  });
});
