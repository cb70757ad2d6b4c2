// HTTPS for the embedded default: MSAL refuses an http authority, and the SPA must share the provider's
// scheme, so one HTTPS origin serves everything. The certificate is generated at first start, kept in the
// data folder and reused; operators supply their own with TLS_CERT/TLS_KEY, or turn TLS off behind a proxy.
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from './config.ts';
import { makePrivateDir, writePrivateFile } from './db/private-files.ts';

export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
  /** Where the certificate came from, for the start-up log. */
  readonly source: 'generated' | 'reused' | 'files';
  readonly certFile: string;
}

const DAY_MS = 86_400_000;
const VALIDITY_DAYS = 365;

function covers(cert: X509Certificate, hosts: readonly string[]): boolean {
  return hosts.every((host) => (isIP(host) ? cert.checkIP(host) : cert.checkHost(host)) !== undefined);
}

function stillUsable(pem: string, hosts: readonly string[]): boolean {
  try {
    const cert = new X509Certificate(pem);
    return Date.parse(cert.validTo) - Date.now() > DAY_MS && covers(cert, hosts);
  } catch {
    return false;
  }
}

/** The certificate the configuration asks for; undefined when TLS is off. */
export async function loadTls(config: Config): Promise<TlsMaterial | undefined> {
  const { tls } = config;
  if (tls.mode === 'off') return undefined;
  if (tls.mode === 'files') {
    return {
      cert: readFileSync(tls.certFile, 'utf8'),
      key: readFileSync(tls.keyFile, 'utf8'),
      source: 'files',
      certFile: tls.certFile,
    };
  }

  const certFile = join(tls.dir, 'localhost-cert.pem');
  const keyFile = join(tls.dir, 'localhost-key.pem');
  const publicHost = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  const hosts = [...new Set(['localhost', '127.0.0.1', publicHost])];
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    if (stillUsable(cert, hosts)) {
      return { cert, key: readFileSync(keyFile, 'utf8'), source: 'reused', certFile };
    }
  }

  const notBeforeDate = new Date(Date.now() - DAY_MS);
  const generated = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + VALIDITY_DAYS * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...hosts.map((host) =>
            isIP(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host },
          ),
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  makePrivateDir(tls.dir);
  writePrivateFile(keyFile, generated.private);
  writePrivateFile(certFile, generated.cert);
  return { cert: generated.cert, key: generated.private, source: 'generated', certFile };
}
