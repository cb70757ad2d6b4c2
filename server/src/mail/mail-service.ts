// E-mail through the SMTP server the configuration names (SMTP_URL, MAIL_FROM), made once per process; none
// when SMTP is not configured, and then no e-mail is ever enqueued.
import { createTransport } from 'nodemailer';
import type { MailConfig } from '../alerts-config.ts';
import type { MailAlert } from '../domain/mail-alert.ts';

export interface MailService {
  /** Sends one e-mail; rejects when the SMTP server refuses it or cannot be reached in time. */
  send(to: string, alert: MailAlert): Promise<void>;
  /** The app's origin, e.g. https://case-router.example-hospital.org. */
  readonly appUrl: string;
  /** Logs a channel's failure: ids and codes only, never an address or patient data. */
  readonly warn: (details: Record<string, unknown>, message: string) => void;
  close(): void;
}

export function createMailService(
  config: MailConfig | null,
  appUrl: string,
  warn: MailService['warn'],
): MailService | null {
  if (config === null) return null;
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    // Never log the exchange: it carries the addresses.
    logger: false,
    debug: false,
  });
  return {
    async send(to, alert) {
      await transport.sendMail({ from: config.from, to, subject: alert.subject, text: alert.text });
    },
    appUrl,
    warn,
    close() {
      transport.close();
    },
  };
}
