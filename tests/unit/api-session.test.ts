// The API layer's session rules: a 403 refreshes the token once and retries, a 401 (or a refresh that
// cannot be had) ends the session and redirects to login; and the generated SDK goes through the same
// layer (bearer on secured operations only, errors as ApiError, the same session rules).
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../generated/client.gen.ts';
import { getMe, getTenantConfig, listSpecialties } from '../../generated/sdk.gen.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import { ApiError, configureApi } from '../../src/lib/api/index.ts';
import { BASE, failure, type FakeSession, fakeSession } from '../support/api-session.ts';
import { createTestServer, MemoryStorage, UNHANDLED_IS_ERROR } from '../support/msw-server.ts';

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

const user = {
  id: 'u1',
  displayName: 'Ada Lovelace',
  email: 'ada@demo.test',
  roles: ['er_doctor'],
  hospitalSystem: { id: 's1', name: 'System' },
  hospital: null,
  specialtyTypes: [],
};

/** A secured request through the generated client, as every call of the app is sent. */
async function cases(body?: unknown): Promise<unknown> {
  const options = { url: '/cases', security: [{ scheme: 'bearer' as const, type: 'http' as const }] };
  const { data } = await (body === undefined
    ? client.get({ ...options, throwOnError: true })
    : client.post({ ...options, body, throwOnError: true }));
  return data;
}

describe('session rules', () => {
  it('on 403 refreshes the token once and retries with it', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/cases`, ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return seen.length === 1
          ? HttpResponse.json({ detail: 'Forbidden' }, { status: 403 })
          : HttpResponse.json({ ok: true });
      }),
    );

    await expect(cases()).resolves.toEqual({ ok: true });

    expect(seen).toEqual(['Bearer silent-token', 'Bearer fresh-token']);
    expect(session.forcedRefreshes).toBe(1);
    expect(session.redirects).toBe(0);
  });

  it('retries a request with a body with the same body', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/cases`, async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ detail: 'Forbidden' }, { status: 403 })
          : HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );

    await cases({ title: 'x' });

    expect(bodies).toEqual([{ title: 'x' }, { title: 'x' }]);
  });

  it('retries only once: a second 403 is an ordinary error', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/cases`, () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Not your hospital' }, { status: 403 });
      }),
    );

    const error = await failure(cases());

    expect(calls).toBe(2);
    expect(error).toMatchObject({ message: 'Not your hospital', status: 403 });
    expect(session.forcedRefreshes).toBe(1);
  });

  it.each([
    ['no active account', { account: false }, texts.noActiveAccount, 0],
    ['a failed refresh', { refreshed: new Error('network') }, texts.refreshFailed, 1],
    ['an empty refreshed token', { refreshed: '' }, texts.sessionExpired, 1],
    ['a null refreshed token', { refreshed: null }, texts.sessionExpired, 1],
  ] as const)('on 403 with %s: its error and a login redirect', async (_, overrides, message, refreshes) => {
    Object.assign(session, overrides);
    let calls = 0;
    server.use(
      http.get(`${BASE}/cases`, () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Forbidden' }, { status: 403 });
      }),
    );

    const error = await failure(cases());

    expect(error).toMatchObject({ message, status: 403, data: { detail: 'Forbidden' } });
    expect(session.redirects).toBe(1);
    expect(session.forcedRefreshes).toBe(refreshes);
    expect(calls).toBe(1);
  });

  it('on 401 removes auth_token, fails with session expired and redirects to login', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
    server.use(http.get(`${BASE}/cases`, () => HttpResponse.json({ detail: 'bad token' }, { status: 401 })));

    const error = await failure(cases());

    expect(error).toMatchObject({
      message: texts.sessionExpired,
      status: 401,
      data: { detail: 'bad token' },
    });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(session.redirects).toBe(1);
  });

  it('a 401 on the retry after a 403 also ends the session', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
    let calls = 0;
    server.use(
      http.get(`${BASE}/cases`, () => {
        calls += 1;
        return HttpResponse.json({ detail: 'no' }, { status: calls === 1 ? 403 : 401 });
      }),
    );

    const error = await failure(cases());

    expect(error).toMatchObject({ message: texts.sessionExpired, status: 401 });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(session.redirects).toBe(1);
  });
});

describe('the generated SDK through the same layer', () => {
  it('sends the bearer on secured operations and returns the data', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/me`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json(user);
      }),
    );

    const { data } = await getMe({ throwOnError: true });

    expect(data).toEqual(user);
    expect(auth).toBe('Bearer silent-token');
  });

  it('sends no bearer on public operations', async () => {
    let hasAuth = true;
    server.use(
      http.get(`${BASE}/public/tenant-config`, ({ request }) => {
        hasAuth = request.headers.has('Authorization');
        return HttpResponse.json({ authority: 'https://idp.test', clientId: 'spa' });
      }),
    );

    await getTenantConfig({ throwOnError: true });

    expect(hasAuth).toBe(false);
  });

  it('turns an error body into an ApiError instead of throwing the body', async () => {
    server.use(
      http.get(`${BASE}/specialties`, () => HttpResponse.json({ detail: 'Database down' }, { status: 503 })),
    );

    const error = await failure(listSpecialties({ throwOnError: true }));

    expect(error).toMatchObject({ message: 'Database down', status: 503, data: { detail: 'Database down' } });
  });

  it('returns the ApiError as error when the caller does not ask it to throw', async () => {
    server.use(
      http.get(`${BASE}/specialties`, () =>
        HttpResponse.json({ unexpected: true }, { status: 500, statusText: 'Internal Server Error' }),
      ),
    );

    const { error } = await listSpecialties();

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '500 Internal Server Error', status: 500 });
  });

  it('refreshes and retries a 403 once', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/me`, ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return seen.length === 1
          ? HttpResponse.json({ detail: 'Forbidden' }, { status: 403 })
          : HttpResponse.json(user);
      }),
    );

    const { data } = await getMe({ throwOnError: true });

    expect(data).toEqual(user);
    expect(seen).toEqual(['Bearer silent-token', 'Bearer fresh-token']);
  });

  it('ends the session on 401', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
    server.use(http.get(`${BASE}/me`, () => HttpResponse.json({ detail: 'expired' }, { status: 401 })));

    const error = await failure(getMe({ throwOnError: true }));

    expect(error).toMatchObject({ message: texts.sessionExpired, status: 401 });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(session.redirects).toBe(1);
  });

  it('turns a malformed answer into an ApiError', async () => {
    server.use(http.get(`${BASE}/me`, () => HttpResponse.json({ id: 42 })));

    const error = await failure(getMe({ throwOnError: true }));

    expect(error.message).toBe(texts.validationInvalidInput);
    expect(Array.isArray(error.data)).toBe(true);
  });

  it('turns a network failure into an ApiError', async () => {
    server.use(http.get(`${BASE}/me`, () => HttpResponse.error()));

    const error = await failure(getMe({ throwOnError: true }));

    expect(error.status).toBe(0);
    expect(error.data).toBeInstanceOf(Error);
  });
});
