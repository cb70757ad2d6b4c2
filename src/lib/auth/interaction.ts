// The authentication progress states and their transitions, as a pure reducer. MSAL's events become these
// events in msal-events.ts: this module holds none of MSAL's code, so start-up can use it without loading MSAL.

export type InteractionState =
  'startup' | 'none' | 'login' | 'acquire-token' | 'sso-silent' | 'handle-redirect' | 'logout';

export type ActiveInteraction = Exclude<InteractionState, 'startup' | 'none'>;

export type InteractionEvent =
  | { readonly type: 'redirect-promise-resolved' }
  | { readonly type: 'start'; readonly interaction: ActiveInteraction }
  /** Success, failure or end of one of these interactions. */
  | { readonly type: 'finish'; readonly interactions: readonly ActiveInteraction[] };

export function interactionReducer(state: InteractionState, event: InteractionEvent): InteractionState {
  switch (event.type) {
    case 'redirect-promise-resolved':
      return state === 'startup' ? 'none' : state;
    case 'start':
      return event.interaction;
    case 'finish':
      // A late end of one interaction must not clear another that has started since.
      return (event.interactions as readonly InteractionState[]).includes(state) ? 'none' : state;
  }
}

export function isInteractionInProgress(state: InteractionState): boolean {
  return state !== 'none';
}
