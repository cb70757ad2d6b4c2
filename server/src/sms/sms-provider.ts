// SMS through a provider, behind one small interface so that another provider is one more adapter. The one
// adapter speaks Twilio's REST API: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
// To, From (or MessagingServiceSid) and Body, with the account SID and auth token as basic credentials.
import type { SmsConfig } from '../alerts-config.ts';

/** What the provider answered, for the log and the retry: never the number or the text. */
export type SmsOutcome =
  | { readonly outcome: 'sent'; readonly providerId: string | null }
  /** Worth another attempt: a timeout, a network failure, 429 or a 5xx. */
  | {
      readonly outcome: 'failed';
      readonly retryable: true;
      readonly status: number | null;
      readonly code: string;
    }
  /** Another attempt would fail the same way: the provider refused the message (a 4xx other than 429). */
  | { readonly outcome: 'failed'; readonly retryable: false; readonly status: number; readonly code: string };

export interface SmsProvider {
  readonly name: string;
  /** Sends one text to one number (international form); never rejects: a failure is an outcome. */
  send(to: string, body: string): Promise<SmsOutcome>;
}

/** Twilio's error code from an error answer ({"code": 21211, "message": …}); the message may quote the number. */
async function twilioCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' ? String(body.code) : 'none';
  } catch {
    return 'none';
  }
}

export function twilioProvider(config: SmsConfig): SmsProvider {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const credentials = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  const sender = config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';
  return {
    name: 'twilio',
    async send(to, body) {
      const form = new URLSearchParams({ To: to, [sender]: config.from, Body: body });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${credentials}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          redirect: 'error',
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return { outcome: 'failed', retryable: true, status: null, code: timedOut ? 'timeout' : 'network' };
      }
      if (response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { sid?: unknown };
        return {
          outcome: 'sent',
          providerId: typeof answer.sid === 'string' ? answer.sid.slice(0, 64) : null,
        };
      }
      const code = await twilioCode(response);
      if (response.status === 429 || response.status >= 500) {
        return { outcome: 'failed', retryable: true, status: response.status, code };
      }
      return { outcome: 'failed', retryable: false, status: response.status, code };
    },
  };
}

export function createSmsProvider(config: SmsConfig | null): SmsProvider | null {
  // Twilio is the one adapter so far (`SMS_PROVIDER=twilio`); another provider adds its own branch here.
  return config === null ? null : twilioProvider(config);
}
