// How alerts leave the app, read from the environment with the rest of config.ts: Web Push (the VAPID
// subject, the push services' time limit, and the local-only allowance of plain-http endpoints for tests),
// e-mail through an SMTP server (off unless SMTP_URL is set), and SMS through a provider (off unless
// SMS_PROVIDER is set; Twilio's REST API is the one adapter).
import { z } from 'zod';

export interface AlertsConfig {
  /**
   * PUSH_ALLOW_INSECURE_LOCAL=true accepts http://127.0.0.1 push endpoints (a push service inside a test or
   * on a developer's machine). A production server refuses to start with it.
   */
  readonly allowInsecureLocalPush: boolean;
  /** The VAPID subject a push service can reach the operator at (PUSH_VAPID_SUBJECT; default PUBLIC_URL). */
  readonly vapidSubject: string;
  /** How long one request to a push service may take (PUSH_TIMEOUT_MS, default 10 s). */
  readonly pushTimeoutMs: number;
  /** E-mail through SMTP (SMTP_URL, MAIL_FROM, SMTP_TIMEOUT_MS); null when SMTP_URL is unset: no e-mail. */
  readonly mail: MailConfig | null;
  /** SMS through a provider (SMS_PROVIDER=twilio and its TWILIO_* variables); null when unset: no SMS. */
  readonly sms: SmsConfig | null;
}

export interface SmsConfig {
  readonly provider: 'twilio';
  /** The account (AC…) the messages are sent from; with the auth token, the API's basic credentials. */
  readonly accountSid: string;
  /** A secret. */
  readonly authToken: string;
  /** The sender: a phone number in international form, or a messaging service (MG…). */
  readonly from: string;
  /** The API's origin: https://api.twilio.com, or a local stand-in in tests. */
  readonly apiBase: string;
  /** How long one request to the provider may take (SMS_TIMEOUT_MS, default 10 s). */
  readonly timeoutMs: number;
}

export interface MailConfig {
  /** smtp://user:password@host:port (STARTTLS when offered) or smtps:// (TLS from the start). A secret. */
  readonly smtpUrl: string;
  /** The sender, e.g. "Case Router <case-router@hospital.example>". */
  readonly from: string;
  /** How long one exchange with the SMTP server may take (connection, greeting, each command). */
  readonly timeoutMs: number;
}

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** The variables, merged into config.ts's schema so that their problems are listed with the rest. */
export const alertsEnvShape = {
  PUSH_ALLOW_INSECURE_LOCAL: flag.optional(),
  PUSH_VAPID_SUBJECT: z
    .string()
    .max(200)
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_TIMEOUT_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 100 && value <= 60_000, 'must be between 100 and 60000')
    .optional(),
  SMTP_URL: z
    .string()
    .max(500)
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(200)
    .regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/, 'must be an e-mail address, e.g. Case Router <x@y.org>')
    .optional(),
  SMTP_TIMEOUT_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 100 && value <= 60_000, 'must be between 100 and 60000')
    .optional(),
  SMS_PROVIDER: z.enum(['twilio'], { error: 'must be twilio (the one SMS provider supported)' }).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID: AC and 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account’s auth token').max(200).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/,
      'must be a number in international form (+447700900123) or a messaging service SID (MG…)',
    )
    .optional(),
  TWILIO_API_BASE: z
    .string()
    .max(200)
    .regex(/^https?:\/\/[^/\s]+\/?$/, 'must be an origin, e.g. https://api.twilio.com')
    .optional(),
  SMS_TIMEOUT_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 100 && value <= 60_000, 'must be between 100 and 60000')
    .optional(),
};

type AlertsEnv = { [K in keyof typeof alertsEnvShape]?: z.output<(typeof alertsEnvShape)[K]> };

/** Checks across variables, reported with the schema's problems. */
export function alertsProblems(env: Record<string, string>, production: boolean): string[] {
  const problems: string[] = [];
  const insecure = env['PUSH_ALLOW_INSECURE_LOCAL'];
  if (production && (insecure === 'true' || insecure === '1')) {
    problems.push(
      'PUSH_ALLOW_INSECURE_LOCAL: a production server pushes to https endpoints only: unset it (it is for ' +
        'tests and local checks)',
    );
  }
  if ((env['SMTP_URL'] ?? '') !== '' && (env['MAIL_FROM'] ?? '') === '') {
    problems.push('MAIL_FROM: set the sender of the e-mails SMTP_URL sends');
  }
  if (env['SMS_PROVIDER'] === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) {
      if ((env[name] ?? '') === '')
        problems.push(`${name}: set it to send SMS through Twilio (SMS_PROVIDER)`);
    }
  }
  const base = env['TWILIO_API_BASE'] ?? '';
  if (production && base !== '' && !base.startsWith('https://')) {
    problems.push('TWILIO_API_BASE: a production server speaks to its SMS provider over https only');
  }
  return problems;
}

export function readAlerts(env: AlertsEnv, publicUrl: string): AlertsConfig {
  return {
    allowInsecureLocalPush: env.PUSH_ALLOW_INSECURE_LOCAL ?? false,
    vapidSubject: env.PUSH_VAPID_SUBJECT ?? publicUrl,
    pushTimeoutMs: env.PUSH_TIMEOUT_MS ?? 10_000,
    mail:
      env.SMTP_URL === undefined || env.MAIL_FROM === undefined
        ? null
        : { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, timeoutMs: env.SMTP_TIMEOUT_MS ?? 10_000 },
    sms:
      env.SMS_PROVIDER === undefined ||
      env.TWILIO_ACCOUNT_SID === undefined ||
      env.TWILIO_AUTH_TOKEN === undefined ||
      env.TWILIO_FROM === undefined
        ? null
        : {
            provider: env.SMS_PROVIDER,
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiBase: (env.TWILIO_API_BASE ?? 'https://api.twilio.com').replace(/\/$/, ''),
            timeoutMs: env.SMS_TIMEOUT_MS ?? 10_000,
          },
  };
}
