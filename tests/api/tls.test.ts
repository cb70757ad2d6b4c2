import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { loadTls } from '../../server/src/tls.ts';
import { testEnv } from './support/app.ts';
import { openTestPglite } from './support/databases.ts';

describe('the HTTPS certificate', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-tls-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const config = loadConfig(testEnv(dataDir, { TLS: 'on' }));

  it('is generated at first start for localhost and 127.0.0.1, kept in the data folder', async () => {
    const tls = await loadTls(config);

    expect(tls?.source).toBe('generated');
    expect(tls?.certFile).toBe(join(dataDir, 'tls', 'localhost-cert.pem'));
    const cert = new X509Certificate(tls?.cert ?? '');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(statSync(join(dataDir, 'tls', 'localhost-key.pem')).mode & 0o077).toBe(0);
  });

  it('is reused at the next start', async () => {
    const first = await loadTls(config);
    const second = await loadTls(config);

    expect(second?.source).toBe('reused');
    expect(second?.cert).toBe(first?.cert);
    expect(second?.key).toBe(first?.key);
  });

  it('is not used with TLS=off', async () => {
    expect(await loadTls(loadConfig(testEnv(dataDir, { TLS: 'off' })))).toBeUndefined();
  });

  it('serves the app over HTTPS', async () => {
    const tls = await loadTls(config);
    const db = await openTestPglite();
    await migrate(db);
    const app = await buildApp({ config, db, ...(tls ? { https: tls } : {}) });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const { status, body } = await new Promise<{ status: number | undefined; body: string }>(
        (resolve, reject) => {
          request(
            // The test trusts exactly this certificate, as NODE_EXTRA_CA_CERTS would.
            { host: '127.0.0.1', port, path: '/api/v1/health', servername: 'localhost', ca: tls?.cert },
            (response) => {
              let text = '';
              response.on('data', (chunk: Buffer) => (text += chunk.toString()));
              response.on('end', () => {
                resolve({ status: response.statusCode, body: text });
              });
            },
          )
            .on('error', reject)
            .end();
        },
      );
      expect(status).toBe(200);
      expect(JSON.parse(body)).toMatchObject({ status: 'ok' });
    } finally {
      await app.close();
      await db.close();
    }
  });
});
