import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe, getTenantConfig, listSpecialties } from '../../generated/sdk.gen.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import {
  ApiError,
  apiRequest,
  configureApi,
  errorMessageFor,
  type SessionBridge,
} from '../../src/lib/api/index.ts';
import { createTestServer, MemoryStorage, UNHANDLED_IS_ERROR } from '../support/msw-server.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

const BASE = 'https://api.test/api/v1';
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

interface FakeSession extends SessionBridge {
  token: string | null;
  refreshed: string | null | Error;
  account: boolean;
  redirects: number;
  forcedRefreshes: number;
}

function fakeSession(
  overrides: Partial<Pick<FakeSession, 'token' | 'refreshed' | 'account'>> = {},
): FakeSession {
  const session: FakeSession = {
    token: 'silent-token',
    refreshed: 'fresh-token',
    account: true,
    redirects: 0,
    forcedRefreshes: 0,
    ...overrides,
    getToken(options) {
      if (options?.forceRefresh) {
        session.forcedRefreshes += 1;
        return session.refreshed instanceof Error
          ? Promise.reject(session.refreshed)
          : Promise.resolve(session.refreshed);
      }
      return Promise.resolve(session.token);
    },
    hasAccount: () => session.account,
    redirectToLogin: () => {
      session.redirects += 1;
    },
  };
  return session;
}

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

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest: the request', () => {
  it('sends the silent token as bearer, trims trailing slashes and parses JSON', async () => {
    let seen: { url: string; auth: string | null } | undefined;
    server.use(
      http.get(`${BASE}/cases`, ({ request }) => {
        seen = { url: request.url, auth: request.headers.get('Authorization') };
        return HttpResponse.json({ items: [1, 2] });
      }),
    );

    const result = await apiRequest<{ items: number[] }>('/cases/');

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

    await apiRequest('cases');

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

    await apiRequest('/cases');

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

    await apiRequest('/cases');

    expect(hasAuth).toBe(false);
  });

  it('sends a JSON body with the JSON content type and returns text for a text response', async () => {
    let received: { type: string | null; body: unknown; method: string } | undefined;
    server.use(
      http.post(`${BASE}/cases`, async ({ request }) => {
        received = {
          type: request.headers.get('Content-Type'),
          body: await request.json(),
          method: request.method,
        };
        return HttpResponse.text('created');
      }),
    );

    const result = await apiRequest('/cases', { method: 'POST', body: { title: 'x' } });

    expect(result).toBe('created');
    expect(received).toEqual({ type: 'application/json', body: { title: 'x' }, method: 'POST' });
  });

  it('leaves the content type of form data to the multipart encoder', async () => {
    let type: string | null = null;
    let file: FormDataEntryValue | null = null;
    server.use(
      http.post(`${BASE}/media`, async ({ request }) => {
        type = request.headers.get('Content-Type');
        file = (await request.formData()).get('name');
        return HttpResponse.json({ ok: true });
      }),
    );
    const form = new FormData();
    form.set('name', 'scan.png');

    await apiRequest('/media', { method: 'POST', body: form });

    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(file).toBe('scan.png');
  });

  it('refuses a request without an endpoint', async () => {
    const error = await failure(apiRequest(''));
    expect(error.message).toBe(texts.endpointRequired);
  });
});

describe('apiRequest: error messages', () => {
  it('uses the detail field', async () => {
    server.use(
      http.get(`${BASE}/cases`, () => HttpResponse.json({ detail: 'Case closed' }, { status: 409 })),
    );

    const error = await failure(apiRequest('/cases'));

    expect(error).toMatchObject({ message: 'Case closed', status: 409, data: { detail: 'Case closed' } });
  });

  it('joins the messages of a list of field problems and keeps the data', async () => {
    const detail = [
      { loc: ['body', 'email'], msg: 'Invalid email' },
      { loc: ['body', 'role'], msg: 'Unknown role' },
    ];
    server.use(http.post(`${BASE}/cases`, () => HttpResponse.json({ detail }, { status: 400 })));

    const error = await failure(apiRequest('/cases', { method: 'POST', body: {} }));

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

    const error = await failure(apiRequest('/cases'));

    expect(error.message).toBe('404 Not Found');
  });

  it('uses the body text when the answer has no status text (as over HTTP/2)', () => {
    // MSW always fills in a status text, so this branch is checked on the function the layer uses.
    expect(errorMessageFor(502, '', 'upstream down')).toBe('upstream down');
    expect(errorMessageFor(502, '', '')).toBe('502');
    expect(errorMessageFor(502, '', { detail: [] })).toBe('502');
  });
});

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

    await expect(apiRequest('/cases')).resolves.toEqual({ ok: true });

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

    await apiRequest('/cases', { method: 'POST', body: { title: 'x' } });

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

    const error = await failure(apiRequest('/cases'));

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

    const error = await failure(apiRequest('/cases'));

    expect(error).toMatchObject({ message, status: 403, data: { detail: 'Forbidden' } });
    expect(session.redirects).toBe(1);
    expect(session.forcedRefreshes).toBe(refreshes);
    expect(calls).toBe(1);
  });

  it('on 401 removes auth_token, fails with session expired and redirects to login', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
    server.use(http.get(`${BASE}/cases`, () => HttpResponse.json({ detail: 'bad token' }, { status: 401 })));

    const error = await failure(apiRequest('/cases'));

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

    const error = await failure(apiRequest('/cases'));

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
