import { EventType, type EventMessage, InteractionType } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import {
  type InteractionEvent,
  interactionReducer,
  type InteractionState,
  isInteractionInProgress,
} from '../../src/lib/auth/interaction.ts';
import { interactionEventFromMsal } from '../../src/lib/auth/msal-events.ts';

function run(events: InteractionEvent[], from: InteractionState = 'startup'): InteractionState {
  return events.reduce(interactionReducer, from);
}

describe('interaction states', () => {
  it('startup moves to none once the redirect promise resolves', () => {
    expect(run([{ type: 'redirect-promise-resolved' }])).toBe('none');
    expect(run([{ type: 'redirect-promise-resolved' }], 'login')).toBe('login');
  });

  it.each(['login', 'acquire-token', 'sso-silent', 'handle-redirect', 'logout'] as const)(
    'a start event sets %s and its end returns to none',
    (interaction) => {
      expect(run([{ type: 'start', interaction }], 'none')).toBe(interaction);
      expect(
        run(
          [
            { type: 'start', interaction },
            { type: 'finish', interactions: [interaction] },
          ],
          'none',
        ),
      ).toBe('none');
    },
  );

  it('an end event of another interaction leaves the current one', () => {
    expect(
      run([
        { type: 'start', interaction: 'logout' },
        { type: 'finish', interactions: ['handle-redirect'] },
      ]),
    ).toBe('logout');
  });

  it('only none is free of interaction', () => {
    expect(isInteractionInProgress('none')).toBe(false);
    expect(isInteractionInProgress('startup')).toBe(true);
    expect(isInteractionInProgress('login')).toBe(true);
  });
});

function message(
  eventType: EventMessage['eventType'],
  interactionType: InteractionType | null,
  payload: EventMessage['payload'] = null,
): EventMessage {
  return { eventType, interactionType, payload, error: null, correlationId: 'c', timestamp: 0 };
}

const account = { homeAccountId: 'h' };

describe('MSAL events as interaction events', () => {
  it.each([
    [
      message(EventType.HANDLE_REDIRECT_START, InteractionType.Redirect),
      { type: 'start', interaction: 'handle-redirect' },
    ],
    [
      message(EventType.HANDLE_REDIRECT_END, InteractionType.Redirect),
      { type: 'finish', interactions: ['handle-redirect'] },
    ],
    [message(EventType.LOGOUT_START, InteractionType.Redirect), { type: 'start', interaction: 'logout' }],
    [
      message(EventType.LOGOUT_FAILURE, InteractionType.Redirect),
      { type: 'finish', interactions: ['logout'] },
    ],
    [message(EventType.LOGOUT_END, InteractionType.Redirect), { type: 'finish', interactions: ['logout'] }],
    [
      message(EventType.ACQUIRE_TOKEN_START, InteractionType.Redirect, { scopes: [] }),
      { type: 'start', interaction: 'login' },
    ],
    [
      message(EventType.ACQUIRE_TOKEN_START, InteractionType.Popup, { scopes: [], account } as never),
      { type: 'start', interaction: 'acquire-token' },
    ],
    [
      message(EventType.ACQUIRE_TOKEN_START, InteractionType.Silent, { scopes: [], loginHint: 'a' }),
      { type: 'start', interaction: 'sso-silent' },
    ],
    [message(EventType.ACQUIRE_TOKEN_START, InteractionType.Silent, { scopes: [], account } as never), null],
    [
      message(EventType.ACQUIRE_TOKEN_FAILURE, InteractionType.Popup),
      { type: 'finish', interactions: ['login', 'acquire-token'] },
    ],
    [
      message(EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Silent),
      { type: 'finish', interactions: ['sso-silent'] },
    ],
    [message(EventType.ACTIVE_ACCOUNT_CHANGED, null), null],
  ])('%#: maps to the matching event', (msalMessage, expected) => {
    expect(interactionEventFromMsal(msalMessage)).toEqual(expected);
  });

  it('a login redirect round trip ends in none', () => {
    const events = [
      message(EventType.HANDLE_REDIRECT_START, InteractionType.Redirect),
      message(EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Redirect, null),
      message(EventType.HANDLE_REDIRECT_END, InteractionType.Redirect),
    ]
      .map(interactionEventFromMsal)
      .filter((event) => event !== null);
    expect(run([...events, { type: 'redirect-promise-resolved' }])).toBe('none');
  });
});
