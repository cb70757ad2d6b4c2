import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from '../../server/src/config.ts';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'case-router-config-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});

    expect(config.port).toBe(8443);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(config.dataDir).toBe(resolve('.data'));
    expect(config.blobDir).toBe(resolve('.data', 'blobs'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.tls).toEqual({ mode: 'generated', dir: resolve('.data', 'tls') });
    expect(config.seedDemo).toBe(true);
    expect(config.demoPassword).toBe(DEFAULT_DEMO_PASSWORD);
    expect(config.tenantProblems).toEqual([]);
    expect(config.identity).toEqual({
      issuer: 'https://localhost:8443/oidc',
      clientId: 'case-router-spa',
      apiAudience: 'api://case-router',
      apiScope: 'api://case-router/access',
      scopes: ['api://case-router/access'],
      redirectUris: ['https://localhost:8443/redirect.html'],
      postLogoutRedirectUris: ['https://localhost:8443/sign-in'],
      ttls: {
        accessTokenSeconds: 900,
        refreshTokenSeconds: 1_209_600,
        sessionSeconds: 1_209_600,
        sessionIdleSeconds: 1800,
        sessionMaxSeconds: 43_200,
      },
      embedded: true,
    });
    expect(config.api).toEqual({
      baseUrl: 'https://localhost:8443/api/v1',
      mediaUrl: 'https://localhost:8443/api/v1/media',
    });
  });

  it('derives the public URL from PORT and reads every setting', () => {
    const config = loadConfig({
      PORT: '9443',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      TLS: 'off',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ACCESS_TOKEN_TTL_SECONDS: '600',
    });

    expect(config.publicUrl).toBe('https://localhost:9443');
    expect(config.identity.issuer).toBe('https://localhost:9443/oidc');
    expect(config.blobDir).toBe(join(dir, 'blobs'));
    expect(config.databaseUrl).toBe('postgres://root@127.0.0.1:5432/test');
    expect(config.tls).toEqual({ mode: 'off' });
    expect(config.logLevel).toBe('warn');
    expect(config.seedDemo).toBe(false);
    expect(config.identity.ttls.accessTokenSeconds).toBe(600);
  });

  it('reads the case timers: the worker tick, and times that win over every hospital', () => {
    expect(loadConfig({}).caseTimers).toEqual({ tickMs: 1000, ackOverrides: { ackSeconds: {} } });
    expect(
      loadConfig({
        CASE_TIMER_TICK_MS: '200',
        CASE_ACK_SECONDS_EMERGENT: '20',
        CASE_ACK_SECONDS_URGENT: '40',
        CASE_ACK_SECONDS_ROUTINE: '60',
        CASE_REALERT_SECONDS: '7',
      }).caseTimers,
    ).toEqual({
      tickMs: 200,
      ackOverrides: { ackSeconds: { emergent: 20, urgent: 40, routine: 60 }, realertSeconds: 7 },
    });
  });

  it('names a case timer out of its range, with its unit', () => {
    expect(problemsOf({ CASE_TIMER_TICK_MS: '5', CASE_REALERT_SECONDS: '1.5' })).toEqual([
      'CASE_TIMER_TICK_MS: must be a whole number of milliseconds between 10 and 60000',
      'CASE_REALERT_SECONDS: must be a whole number of seconds between 1 and 86400',
    ]);
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeUndefined();
  });

  it('lists every server-level problem, one readable line per variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUBLIC_URL: 'localhost:8443/app',
      DATABASE_URL: 'mysql://db/test',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      TLS: 'sometimes',
      TLS_CERT: join(dir, 'missing-cert.pem'),
    });

    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a whole number',
        expect.stringMatching(/^PUBLIC_URL: must be an origin/),
        'DATABASE_URL: must be a postgres:// or postgresql:// URL',
        expect.stringMatching(/^LOG_LEVEL: must be one of fatal, error, warn, info/),
        'SEED_DEMO: must be true or false',
        'TLS: must be on or off',
        'TLS_KEY: TLS_CERT and TLS_KEY go together',
        `TLS_CERT: no such file: ${join(dir, 'missing-cert.pem')}`,
      ]),
    );
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be between 1 and 65535']);
  });

  it('says what is wrong in its message, for the console at boot', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}- PORT: must be a whole number\n {2}- LOG_LEVEL: /,
    );
  });

  it('uses TLS_CERT and TLS_KEY when both name files', () => {
    writeFileSync(join(dir, 'cert.pem'), 'cert');
    writeFileSync(join(dir, 'key.pem'), 'key');

    const config = loadConfig({ TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem') });

    expect(config.tls).toEqual({
      mode: 'files',
      certFile: join(dir, 'cert.pem'),
      keyFile: join(dir, 'key.pem'),
    });
  });

  it('keeps tenant-level problems for the tenant config instead of stopping the boot', () => {
    const config = loadConfig({
      AUTH_AUTHORITY: 'http://login.example.org',
      AUTH_CLIENT_ID: '',
      AUTH_SCOPES: ' , ',
      AUTH_REDIRECT_URI: 'not a url',
    });

    expect(config.identity.embedded).toBe(false);
    expect(config.tenantProblems).toEqual([
      "AUTH_AUTHORITY: must be an https URL, got 'http://login.example.org'",
      'AUTH_CLIENT_ID: must not be empty',
      'AUTH_SCOPES: must name at least one scope',
      "AUTH_REDIRECT_URI: must be an absolute URL, got 'not a url'",
    ]);
  });

  describe('a production server', () => {
    it('is one whose NODE_ENV is production, or whose PUBLIC_URL is not this machine', () => {
      expect(loadConfig({}).production).toBe(false);
      expect(loadConfig({ PUBLIC_URL: 'https://127.0.0.1:8443' }).production).toBe(false);
      expect(loadConfig({ PUBLIC_URL: 'https://ward.localhost:8443' }).production).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
      expect(loadConfig({ PUBLIC_URL: 'https://router.hospital.example' }).production).toBe(true);
    });

    it('seeds no demo data and accepts no demo account unless told to', () => {
      for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://router.hospital.example' }]) {
        const config = loadConfig(env);
        expect(config.seedDemo).toBe(false);
        expect(config.demoAccountsAccepted).toBe(false);
      }
      const laptop = loadConfig({ SEED_DEMO: 'false' });
      expect(laptop.demoAccountsAccepted).toBe(true);
    });

    it('told to seed the demo, generates its password at each start', () => {
      const first = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' });
      const second = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' });
      expect(first.seedDemo).toBe(true);
      expect(first.demoAccountsAccepted).toBe(true);
      expect(first.demoPasswordGenerated).toBe(true);
      expect(first.demoPassword).not.toBe(DEFAULT_DEMO_PASSWORD);
      expect(first.demoPassword.length).toBeGreaterThanOrEqual(24);
      expect(second.demoPassword).not.toBe(first.demoPassword);
      expect(loadConfig({ SEED_DEMO: 'true' }).demoPasswordGenerated).toBe(false);
    });

    it('refuses a chosen demo password', () => {
      expect(
        problemsOf({ PUBLIC_URL: 'https://router.hospital.example', DEMO_PASSWORD: 'Guessable-2026' }),
      ).toEqual([
        expect.stringMatching(/^DEMO_PASSWORD: a production server .* never uses a chosen demo password/),
      ]);
    });
  });

  it('names an http public URL as a tenant problem of the embedded provider', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:8080', TLS: 'off' });

    expect(config.tenantProblems).toEqual([
      'PUBLIC_URL: the sign-in authority must be an https URL (MSAL refuses http)',
    ]);
  });
});

describe('loadConfig: operations (metrics, drain, S3 blobs)', () => {
  it('reads metrics on this machine only, no drain and the folder store by default', () => {
    const { operations } = loadConfig({});

    expect(operations).toEqual({
      metrics: { allow: ['127.0.0.1', '::1'], token: undefined },
      shutdownDrainMs: 0,
      s3: undefined,
    });
  });

  it('reads an S3-compatible store, path-style when it has an endpoint', () => {
    const { operations } = loadConfig({
      BLOB_S3_BUCKET: 'case-router-blobs',
      BLOB_S3_ENDPOINT: 'http://minio:9000',
      BLOB_S3_ACCESS_KEY_ID: 'key',
      BLOB_S3_SECRET_ACCESS_KEY: 'secret',
      METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7',
      SHUTDOWN_DRAIN_SECONDS: '5',
    });

    expect(operations.s3).toEqual({
      bucket: 'case-router-blobs',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: '',
    });
    expect(operations.metrics.allow).toEqual(['10.0.0.0/8', '192.0.2.7']);
    expect(operations.shutdownDrainMs).toBe(5000);
  });

  it('names every problem: S3 settings without a bucket, half a key pair, a short token, a bad address', () => {
    const problems = problemsOf({
      BLOB_S3_ENDPOINT: 'http://minio:9000',
      BLOB_S3_ACCESS_KEY_ID: 'key',
      METRICS_TOKEN: 'short',
      METRICS_ALLOW: 'everyone',
    });

    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^BLOB_S3_BUCKET: .*name its bucket too/),
        expect.stringMatching(/^BLOB_S3_ACCESS_KEY_ID: .*go together/),
        expect.stringMatching(/^METRICS_TOKEN: must be at least 32 characters/),
        expect.stringMatching(/^METRICS_ALLOW: must be IP addresses or CIDR ranges/),
      ]),
    );
  });

  it('allows plain-http local push endpoints for tests and local checks only, never on a production server', () => {
    expect(loadConfig({ PUSH_ALLOW_INSECURE_LOCAL: 'true' }).alerts.allowInsecureLocalPush).toBe(true);
    expect(loadConfig({}).alerts.allowInsecureLocalPush).toBe(false);
    for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://router.hospital.example' }]) {
      expect(problemsOf({ ...env, PUSH_ALLOW_INSECURE_LOCAL: 'true' })).toEqual(
        expect.arrayContaining([expect.stringMatching(/^PUSH_ALLOW_INSECURE_LOCAL: a production server/)]),
      );
    }
  });

  it('sends e-mail only when SMTP_URL is set, with its sender and a bounded time limit', () => {
    expect(loadConfig({}).alerts.mail).toBeNull();
    expect(
      loadConfig({ SMTP_URL: 'smtps://router:pw@mail.hospital.example:465', MAIL_FROM: 'router@x.example' })
        .alerts.mail,
    ).toEqual({
      smtpUrl: 'smtps://router:pw@mail.hospital.example:465',
      from: 'router@x.example',
      timeoutMs: 10_000,
    });
    const problems = problemsOf({ SMTP_URL: 'smtp://router:s3cret-pw@mail.hospital.example' });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^MAIL_FROM: set the sender/)]));
    expect(
      problemsOf({ SMTP_URL: 'https://mail.example', MAIL_FROM: 'not an address', SMTP_TIMEOUT_MS: '10' }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/),
        expect.stringMatching(/^MAIL_FROM: must be an e-mail address/),
        expect.stringMatching(/^SMTP_TIMEOUT_MS: must be between 100 and 60000/),
      ]),
    );
    // The URL carries the SMTP password: a problem never repeats it.
    expect(problems.join('\n')).not.toContain('s3cret-pw');
  });

  it('sends SMS only with SMS_PROVIDER and its Twilio account, sender and a bounded time limit', () => {
    expect(loadConfig({}).alerts.sms).toBeNull();
    const sid = `AC${'a'.repeat(32)}`;
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 'token-s3cret-1234567',
    };
    expect(loadConfig({ ...twilio, TWILIO_FROM: '+15005550006' }).alerts.sms).toEqual({
      provider: 'twilio',
      accountSid: sid,
      authToken: 'token-s3cret-1234567',
      from: '+15005550006',
      apiBase: 'https://api.twilio.com',
      timeoutMs: 10_000,
    });
    const problems = problemsOf({ ...twilio, TWILIO_FROM: '07700 900123', SMS_TIMEOUT_MS: '5' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^TWILIO_FROM: must be a number in international form/),
        expect.stringMatching(/^SMS_TIMEOUT_MS: must be between 100 and 60000/),
      ]),
    );
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^TWILIO_AUTH_TOKEN: set it/)]),
    );
    expect(
      problemsOf({
        ...twilio,
        TWILIO_FROM: '+15005550006',
        NODE_ENV: 'production',
        TWILIO_API_BASE: 'http://x.example',
      }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^TWILIO_API_BASE: a production server/)]));
    expect(problems.join('\n')).not.toContain('token-s3cret');
  });
});
