// How alerts leave the app, read from the environment with the rest of config.ts: Web Push (the VAPID
// subject, the push services' time limit, and the local-only allowance of plain-http endpoints for tests),
// and e-mail through an SMTP server (off unless SMTP_URL is set).
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
  };
}
