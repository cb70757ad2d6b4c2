// A push service inside the test (RFC 8030): an HTTP endpoint on loopback that checks each request's VAPID
// authorization (RFC 8292: an ES256 JWT whose audience is the service's origin, expiring within 24 hours,
// with a mailto: or https: subject, signed by the key in `k`) and decrypts its aes128gcm body (RFC 8291)
// with the subscription keys the test made, written here from the RFCs with node:crypto.
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

export interface ReceivedPush {
  readonly device: string;
  readonly alert: Record<string, unknown>;
  readonly claims: { aud: string; exp: number; sub: string };
  readonly headers: IncomingMessage['headers'];
}

export interface TestDevice {
  readonly name: string;
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

interface DeviceKeys {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** The application server's public key (an uncompressed P-256 point) as a JWK. */
function publicJwk(point: Buffer) {
  return { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) };
}

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, decrypted with the device's keys. */
export function decryptAes128gcm(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const devicePublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('aes128gcm: no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  /** Problems with a request (bad VAPID, undecryptable body): a test expects none. */
  readonly problems: string[] = [];
  /** Called with each push the service takes, as it arrives (a benchmark times the arrivals). */
  onPush: ((push: ReceivedPush) => void) | undefined;
  private readonly devices = new Map<string, DeviceKeys>();
  private readonly answers = new Map<string, number>();
  private server: Server | undefined;
  private origin = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.handle(request, Buffer.concat(chunks)).then((status) => {
          response.writeHead(status).end();
        });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const { server } = this;
    if (server === undefined) return;
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }

  /** A new browser subscription: its own endpoint and keys, as PushManager.subscribe() makes them. */
  device(name: string): TestDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(name, { ecdh, auth });
    return {
      name,
      endpoint: `${this.origin}/push/${name}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    };
  }

  /** What the service answers for the device from now on (201 by default; 410 once it is gone). */
  answer(name: string, status: number): void {
    this.answers.set(name, status);
  }

  to(name: string): ReceivedPush[] {
    return this.received.filter((push) => push.device === name);
  }

  private async handle(request: IncomingMessage, body: Buffer): Promise<number> {
    const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const keys = this.devices.get(name);
    if (keys === undefined) return 404;
    try {
      const claims = await this.verifyVapid(request.headers.authorization ?? '');
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL');
      const alert = JSON.parse(decryptAes128gcm(body, keys)) as Record<string, unknown>;
      const status = this.answers.get(name) ?? 201;
      if (status === 201) {
        const push = { device: name, alert, claims, headers: request.headers };
        this.received.push(push);
        this.onPush?.(push);
      }
      return status;
    } catch (error) {
      this.problems.push(error instanceof Error ? error.message : String(error));
      return 400;
    }
  }

  /** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT ES256-signed by k, for this origin, not expired. */
  private async verifyVapid(authorization: string) {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
    if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization.slice(0, 20)}`);
    if (decodeProtectedHeader(match[1]).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
    const key = await importJWK(publicJwk(Buffer.from(match[2], 'base64url')), 'ES256');
    const { payload } = await jwtVerify(match[1], key, { audience: this.origin });
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 24 * 3600) {
      throw new Error('VAPID JWT expiry is not within 24 hours');
    }
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
      throw new Error('VAPID JWT has no mailto: or https: subject');
    }
    return { aud: this.origin, exp: payload.exp, sub: payload.sub };
  }
}
