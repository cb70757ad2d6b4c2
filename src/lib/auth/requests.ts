// The requests sent to MSAL, with the scope rules (the API's scope, openid, profile, offline access) and the
// prompt rules applied in one place.
import type { AccountInfo, PopupRequest, RedirectRequest, SilentRequest } from '@azure/msal-browser';
import { routes } from '../../config/routes.ts';
import { safeNextPath } from './navigation.ts';
import { interactivePrompt, silentPrompt } from './prompts.ts';

export interface LoginOptions {
  /** Where to go after sign-in; only a path of this app is kept. */
  next?: string | null | undefined;
  prompt?: string | undefined;
}

/**
 * The next path travels in the address MSAL returns to (the sign-in page with `next`), not in `state`:
 * MSAL advises against addresses in `state`.
 */
export function loginRequest(scopes: string[], origin: string, options: LoginOptions = {}): RedirectRequest {
  const next = safeNextPath(options.next);
  const prompt = interactivePrompt(options.prompt);
  return {
    scopes,
    ...(prompt ? { prompt } : {}),
    ...(next
      ? { redirectStartPage: `${origin}${routes.signIn.href()}?next=${encodeURIComponent(next)}` }
      : {}),
  };
}

export function popupRequest(scopes: string[], account: AccountInfo, prompt?: string): PopupRequest {
  const allowed = interactivePrompt(prompt);
  return { scopes, account, ...(allowed ? { prompt: allowed } : {}) };
}

export function silentRequest(
  scopes: string[],
  account: AccountInfo,
  options: { forceRefresh?: boolean; prompt?: string } = {},
): SilentRequest {
  return {
    scopes,
    account,
    forceRefresh: options.forceRefresh ?? false,
    ...(options.prompt !== undefined ? { prompt: silentPrompt(options.prompt) } : {}),
  };
}
