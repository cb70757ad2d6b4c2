import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { ApiError, configureApi } from '../../src/lib/api/index.ts';
import { signupPayload, signupUser } from '../../src/lib/auth/signup.ts';
import { createTestServer, UNHANDLED_IS_ERROR } from '../support/msw-server.ts';

const input = {
  email: 'new@demo.test',
  password: 'Secret-12345',
  role: 'specialist' as const,
  display_name: '  Mary  Ann   Smith ',
  specialty_types: ['Neurology'],
};

describe('signup payload', () => {
  it('splits display_name into fname and lname, sends company_name null and forces a password change', () => {
    expect(signupPayload(input)).toEqual({
      email: 'new@demo.test',
      password: 'Secret-12345',
      role: 'specialist',
      display_name: '  Mary  Ann   Smith ',
      contact_info: { fname: 'Mary', lname: 'Ann Smith', phone: null, company_name: null },
      specialty_types: ['Neurology'],
      force_change_password_next_sign_in: true,
    });
  });

  it('keeps an explicit force flag, the phone and the hospital', () => {
    const payload = signupPayload({
      ...input,
      display_name: 'Cher',
      phone: '+44 20 7946 0000',
      hospital_id: 'h1',
      force_change_password_next_sign_in: false,
    });
    expect(payload.contact_info).toEqual({
      fname: 'Cher',
      lname: '',
      phone: '+44 20 7946 0000',
      company_name: null,
    });
    expect(payload.force_change_password_next_sign_in).toBe(false);
    expect(payload.hospital_id).toBe('h1');
    expect(signupPayload({ ...input, specialty_types: undefined }).specialty_types).toEqual([]);
  });
});

describe('signupUser', () => {
  const server = createTestServer();
  const SIGNUP_URL = 'https://app.test/api/v1/auth/signup';
  const user = {
    id: 'u9',
    displayName: 'Mary Ann Smith',
    email: 'new@demo.test',
    roles: ['specialist'],
    hospitalSystem: { id: 's', name: 'S' },
    hospital: null,
    specialtyTypes: ['Neurology'],
  };
  beforeAll(() => {
    server.listen(UNHANDLED_IS_ERROR);
    configureApi({
      baseUrl: 'https://app.test/api/v1',
      session: {
        getToken: () => Promise.resolve('admin-token'),
        hasAccount: () => true,
        storedToken: () => null,
        clearStoredToken: () => undefined,
        redirectToLogin: () => undefined,
      },
    });
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });

  it('posts the payload with the bearer and returns the user', async () => {
    let received: unknown;
    let auth: string | null = null;
    server.use(
      http.post(SIGNUP_URL, async ({ request }) => {
        received = await request.json();
        auth = request.headers.get('Authorization');
        return HttpResponse.json(user, { status: 201 });
      }),
    );

    await expect(signupUser(input)).resolves.toEqual(user);
    expect(received).toEqual(signupPayload(input));
    expect(auth).toBe('Bearer admin-token');
  });

  it('is followed by the login it is given, once the user is created', async () => {
    server.use(http.post(SIGNUP_URL, () => HttpResponse.json(user, { status: 201 })));
    const logins: string[] = [];
    await signupUser(input, {
      login: () => {
        logins.push('login');
        return Promise.resolve();
      },
    });
    expect(logins).toEqual(['login']);
  });

  it("passes the server's detail on", async () => {
    server.use(
      http.post(SIGNUP_URL, () => HttpResponse.json({ detail: 'Email already used' }, { status: 409 })),
    );
    await expect(signupUser(input)).rejects.toMatchObject({
      message: 'Email already used',
      status: 409,
    });
  });

  it("falls back to 'Signup failed' when the answer has no detail", async () => {
    server.use(http.post(SIGNUP_URL, () => HttpResponse.text('oops', { status: 500 })));
    const error = await signupUser(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: texts.signupFailed, status: 500, data: 'oops' });
  });

  it("falls back to 'Signup failed' when the request never reaches the server", async () => {
    server.use(http.post(SIGNUP_URL, () => HttpResponse.error()));
    await expect(signupUser(input)).rejects.toMatchObject({
      message: texts.signupFailed,
      status: 0,
    });
  });
});
