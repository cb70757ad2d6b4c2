import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, TokenDecodeError, tokenExpiry } from '../../src/lib/auth/token-claims.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

describe('token decoding', () => {
  it('decodes a base64url JSON payload, non-ASCII text included', () => {
    const token = fakeJwt({ name: 'Zoë Ünal', roles: ['specialist'], exp: 1_900_000_000 });
    expect(decodeTokenPayload(token)).toEqual({
      name: 'Zoë Ünal',
      roles: ['specialist'],
      exp: 1_900_000_000,
    });
    expect(tokenExpiry(token)).toBe(1_900_000_000);
  });

  it.each([
    ['a number', 42, 'the token is not a string'],
    ['undefined', undefined, 'the token is not a string'],
    ['a string without payload', 'abc', 'the token has no payload'],
    ['an empty payload', 'a..c', 'the token has no payload'],
    ['a payload that is not base64url', 'a.$$$.c', 'the payload is not base64url'],
    [
      'a payload that is not JSON',
      `a.${Buffer.from('not json').toString('base64url')}.c`,
      'the payload is not JSON',
    ],
    [
      'a JSON array payload',
      `a.${Buffer.from('[1]').toString('base64url')}.c`,
      'the payload is not a JSON object',
    ],
    ['invalid UTF-8', `a.${Buffer.from([0xff, 0xfe]).toString('base64url')}.c`, 'the payload is not UTF-8'],
  ])('refuses %s with a clear error', (_, token, reason) => {
    expect(() => decodeTokenPayload(token)).toThrow(new TokenDecodeError(reason));
    expect(() => decodeTokenPayload(token)).toThrow(`Cannot decode token: ${reason}`);
  });

  it('refuses a token without a numeric exp', () => {
    expect(() => tokenExpiry(fakeJwt({ exp: 'soon' }))).toThrow('the token has no exp');
  });
});
