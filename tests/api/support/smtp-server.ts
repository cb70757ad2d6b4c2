// An SMTP server inside the test, on 127.0.0.1: it keeps every message it accepts (envelope and decoded
// text), or refuses every recipient with a temporary failure while `refusing` is set.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: readonly string[];
  /** The whole message, quoted-printable soft breaks and escapes decoded. */
  readonly text: string;
}

/** Quoted-printable, as a mailer writes long or non-ASCII lines. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const escape = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3));
    if (escape?.[1] !== undefined) {
      bytes.push(Number.parseInt(escape[1], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export class LocalSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Every RCPT TO the server was asked, refused or not. */
  readonly recipientsAsked: string[] = [];
  refusing = false;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      this.recipientsAsked.push(address.address);
      if (!this.refusing) {
        callback();
        return;
      }
      const refused = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      callback(refused);
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });

  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  start(): Promise<void> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  reset(): void {
    this.received.length = 0;
    this.recipientsAsked.length = 0;
    this.refusing = false;
  }
}
