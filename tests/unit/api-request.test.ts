// The API layer's requests, sent as the app sends them (through the generated client): the bearer it sends
// (the silent token, else the stored auth_token, else none), the base URL, and the message of the ApiError an
// error answer becomes. What the layer does with the session on a 401 or 403 is proven in api-session.test.ts.
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import { client } from '../../generated/client.gen.ts';
import { configureApi, errorMessageFor } from '../../src/lib/api/index.ts';
import { BASE, failure, type FakeSession, fakeSession } from '../support/api-session.ts';
import { createTestServer, MemoryStorage, UNHANDLED_IS_ERROR } from '../support/msw-server.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

// An access token as MSAL hands it over: a JWT that expires in an hour.
const STORED_TOKEN = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 });

const server = createTestServer();
beforeAll(() => {
  server.listen(UNHANDLED_IS_ERROR);
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

let session: FakeSession;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  session = fakeSession();
  // A trailing slash on the base must not double up with the path's leading one.
  configureApi({ baseUrl: `${BASE}///`, session });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A secured request through the generated client, as every call of the app is sent. */
async function send(url: string, body?: unknown): Promise<unknown> {
  const options = { url, security: [{ scheme: 'bearer' as const, type: 'http' as const }] };
  const { data } = await (body === undefined
    ? client.get({ ...options, throwOnError: true })
    : client.post({ ...options, body, throwOnError: true }));
  return data;
}

describe('the bearer and the address', () => {
  it('sends the silent token as bearer on the base without its trailing slashes, and parses JSON', async () => {
    let seen: { url: string; auth: string | null } | undefined;
    server.use(
      http.get(`${BASE}/cases`, ({ request }) => {
        seen = { url: request.url, auth: request.headers.get('Authorization') };
        return HttpResponse.json({ items: [1, 2] });
      }),
    );

    const result = await send('/cases');

    expect(result).toEqual({ items: [1, 2] });
    expect(seen).toEqual({ url: `${BASE}/cases`, auth: 'Bearer silent-token' });
  });

  it('falls back to the stored auth_token when there is no silent token', async () => {
    session.token = null;
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, STORED_TOKEN);
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/cases`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.text('ok');
      }),
    );

    await send('/cases');

    expect(auth).toBe(`Bearer ${STORED_TOKEN}`);
  });

  it('falls back to the stored auth_token when the silent token fails', async () => {
    session.getToken = () => Promise.reject(new Error('interaction_required'));
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, STORED_TOKEN);
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/cases`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.text('ok');
      }),
    );

    await send('/cases');

    expect(auth).toBe(`Bearer ${STORED_TOKEN}`);
  });

  it('sends no Authorization header without any token', async () => {
    session.token = null;
    let hasAuth = true;
    server.use(
      http.get(`${BASE}/cases`, ({ request }) => {
        hasAuth = request.headers.has('Authorization');
        return HttpResponse.text('ok');
      }),
    );

    await send('/cases');

    expect(hasAuth).toBe(false);
  });
});

describe('error messages', () => {
  it('uses the detail field', async () => {
    server.use(
      http.get(`${BASE}/cases`, () => HttpResponse.json({ detail: 'Case closed' }, { status: 409 })),
    );

    const error = await failure(send('/cases'));

    expect(error).toMatchObject({ message: 'Case closed', status: 409, data: { detail: 'Case closed' } });
  });

  it('joins the messages of a list of field problems and keeps the data', async () => {
    const detail = [
      { loc: ['body', 'email'], msg: 'Invalid email' },
      { loc: ['body', 'role'], msg: 'Unknown role' },
    ];
    server.use(http.post(`${BASE}/cases`, () => HttpResponse.json({ detail }, { status: 400 })));

    const error = await failure(send('/cases', {}));

    expect(error.message).toBe('Invalid email; Unknown role');
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ detail });
  });

  it('uses status and status text without a detail', async () => {
    server.use(
      http.get(`${BASE}/cases`, () =>
        HttpResponse.json({ other: 1 }, { status: 404, statusText: 'Not Found' }),
      ),
    );

    const error = await failure(send('/cases'));

    expect(error.message).toBe('404 Not Found');
  });

  it('uses the body text when the answer has no status text (as over HTTP/2)', () => {
    // MSW always fills in a status text, so this branch is checked on the function the layer uses.
    expect(errorMessageFor(502, '', 'upstream down')).toBe('upstream down');
    expect(errorMessageFor(502, '', '')).toBe('502');
    expect(errorMessageFor(502, '', { detail: [] })).toBe('502');
  });
});
