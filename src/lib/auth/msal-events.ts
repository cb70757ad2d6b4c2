// MSAL's events as the authentication progress events of interaction.ts.
import { EventType, InteractionType, type EventMessage } from '@azure/msal-browser';
import type { InteractionEvent } from './interaction.ts';

const INTERACTIVE: ReadonlySet<string> = new Set([InteractionType.Redirect, InteractionType.Popup]);

function carriesAccount(payload: EventMessage['payload']): boolean {
  return typeof payload === 'object' && payload !== null && 'account' in payload && payload.account != null;
}

/**
 * MSAL 5 has no separate login and ssoSilent events: an interactive token request without an account is a
 * login, a silent one without an account is an ssoSilent. Silent renewals for an account are no interaction.
 */
export function interactionEventFromMsal(message: EventMessage): InteractionEvent | null {
  const interactive = message.interactionType !== null && INTERACTIVE.has(message.interactionType);
  const silent = message.interactionType === InteractionType.Silent;
  switch (message.eventType) {
    case EventType.HANDLE_REDIRECT_START:
      return { type: 'start', interaction: 'handle-redirect' };
    case EventType.HANDLE_REDIRECT_END:
      return { type: 'finish', interactions: ['handle-redirect'] };
    case EventType.LOGOUT_START:
      return { type: 'start', interaction: 'logout' };
    case EventType.LOGOUT_SUCCESS:
    case EventType.LOGOUT_FAILURE:
    case EventType.LOGOUT_END:
      return { type: 'finish', interactions: ['logout'] };
    case EventType.ACQUIRE_TOKEN_START:
      if (interactive) {
        return { type: 'start', interaction: carriesAccount(message.payload) ? 'acquire-token' : 'login' };
      }
      return silent && !carriesAccount(message.payload) ? { type: 'start', interaction: 'sso-silent' } : null;
    case EventType.LOGIN_SUCCESS:
    case EventType.ACQUIRE_TOKEN_SUCCESS:
    case EventType.ACQUIRE_TOKEN_FAILURE:
    case EventType.RESTORE_FROM_BFCACHE:
      if (interactive) return { type: 'finish', interactions: ['login', 'acquire-token'] };
      return silent ? { type: 'finish', interactions: ['sso-silent'] } : null;
    default:
      return null;
  }
}
