// API calls send the token already held while it has more than the refresh buffer left; its end is MSAL's
// expiresOn (counted on this device's clock), else the token's exp.
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_REFRESH_BUFFER_SECONDS } from '../../src/config/constants.ts';
import { clearSession, freshAccessToken, setAccessToken } from '../../src/lib/auth/auth-store.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const BUFFER_MS = TOKEN_REFRESH_BUFFER_SECONDS * 1000;
const tokenEnding = (endMs: number) => fakeJwt({ exp: Math.floor(endMs / 1000) });

beforeEach(() => {
  clearSession();
});

describe('the held token', () => {
  it('is sent until the refresh buffer before its end, then no longer', () => {
    const end = NOW + 3_600_000;
    setAccessToken(tokenEnding(end), new Date(end));

    expect(freshAccessToken(NOW)).not.toBeNull();
    expect(freshAccessToken(end - BUFFER_MS - 1)).not.toBeNull();
    expect(freshAccessToken(end - BUFFER_MS)).toBeNull();
  });

  it("ends when MSAL says, whatever the token's exp and this device's clock", () => {
    // The device's clock is an hour behind the provider's: the exp looks two hours away, MSAL counts one.
    setAccessToken(tokenEnding(NOW + 7_200_000), new Date(NOW + 3_600_000));

    expect(freshAccessToken(NOW + 3_600_000 - BUFFER_MS)).toBeNull();
  });

  it("ends at the token's exp when MSAL gave no end", () => {
    const end = NOW + 600_000;
    setAccessToken(tokenEnding(end));

    expect(freshAccessToken(end - BUFFER_MS - 1)).not.toBeNull();
    expect(freshAccessToken(end - BUFFER_MS)).toBeNull();
  });

  it('is not sent after the session ended, nor when it cannot be read', () => {
    setAccessToken(tokenEnding(NOW + 3_600_000), new Date(NOW + 3_600_000));
    clearSession();
    expect(freshAccessToken(NOW)).toBeNull();

    setAccessToken('not-a-token');
    expect(freshAccessToken(NOW)).toBeNull();
  });
});
