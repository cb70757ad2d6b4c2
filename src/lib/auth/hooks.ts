import type { AccountInfo } from '@azure/msal-browser';
import { useEffect, useState } from 'react';
import { logAuthError } from './auth-log.ts';
import { useAuthSnapshot } from './auth-store.ts';
import type { InteractionState } from './interaction.ts';
import { acquireTokenOrRedirect } from './session.ts';

/** The roles of the active account; the first is the primary role. */
export function useRoles(): readonly string[] {
  return useAuthSnapshot().roles;
}

/** True once a token is held for the active account. */
export function useIsAuthenticated(): boolean {
  return useAuthSnapshot().authenticated;
}

export function useActiveAccount(): AccountInfo | null {
  return useAuthSnapshot().account;
}

export function useInteractionState(): InteractionState {
  return useAuthSnapshot().interaction;
}

/**
 * The access token of the active account, for a screen that must hand it to something outside lib/api (an
 * image viewer, a download). Null until it is there; a needed interaction becomes a redirect.
 */
export function useAccessToken(): string | null {
  const { account } = useAuthSnapshot();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    acquireTokenOrRedirect().then(
      (next) => {
        if (current) setToken(next);
      },
      (error: unknown) => {
        logAuthError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [account]);
  return token;
}
