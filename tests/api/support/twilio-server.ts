// A stand-in for Twilio's Messages API inside the test, on 127.0.0.1: it checks what a client of the real API
// must send (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, basic credentials SID:token, a form with
// To, From or MessagingServiceSid, and Body), keeps every request it gets, and answers as Twilio does: 201
// with the message's sid, or, as told, a 500, a refusal (400 with Twilio's code), or no answer at all.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TOKEN = 'test-auth-token-5b1f0c2e9a';
export const TWILIO_FROM = '+15005550006';

export interface TwilioRequest {
  readonly to: string;
  readonly from: string | null;
  readonly body: string;
  /** When it arrived (wall clock, for the benchmark's lag). */
  readonly receivedAt: number;
}

export type TwilioMode = 'accept' | 'fail' | 'refuse' | 'hang';

export class LocalTwilio {
  readonly received: TwilioRequest[] = [];
  /** Requests that broke the API's rules (wrong path, credentials, content type or fields). */
  readonly problems: string[] = [];
  mode: TwilioMode = 'accept';
  private readonly hanging: ServerResponse[] = [];
  private count = 0;
  private readonly server = createServer((request, response) => {
    void this.handle(request, response);
  });

  get base(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The environment that points the server at this stand-in. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM,
      TWILIO_API_BASE: this.base,
      ...extra,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const expectedAuth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
    const expectedPath = `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`;
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== expectedPath) {
      this.problems.push(`${request.method ?? '?'} ${request.url ?? '?'}`);
      reply(404, { code: 20404, message: 'Not found', status: 404 });
      return;
    }
    if (request.headers.authorization !== expectedAuth) {
      this.problems.push('credentials');
      reply(401, { code: 20003, message: 'Authenticate', status: 401 });
      return;
    }
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      this.problems.push(`content type ${request.headers['content-type'] ?? 'none'}`);
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9][0-9]{7,14}$/.test(to) || from === null || body === '') {
      this.problems.push(`form ${[...form.keys()].join(',')}`);
    }
    this.received.push({ to, from, body, receivedAt: Date.now() });
    switch (this.mode) {
      case 'accept':
        this.count += 1;
        reply(201, { sid: `SM${String(this.count).padStart(32, '0')}`, status: 'queued', to, body });
        return;
      case 'fail':
        reply(500, { code: 20500, message: 'Internal Server Error', status: 500 });
        return;
      case 'refuse':
        // Twilio quotes the number in its message: the server must not log it.
        reply(400, {
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
          status: 400,
        });
        return;
      case 'hang':
        this.hanging.push(response);
        return;
    }
  }

  start(): Promise<void> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    this.reset();
    this.server.closeAllConnections();
    return new Promise((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  reset(): void {
    for (const response of this.hanging.splice(0)) response.destroy();
    this.received.length = 0;
    this.problems.length = 0;
    this.mode = 'accept';
  }
}
