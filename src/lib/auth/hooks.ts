// The sign-in state a screen reads beyond MSAL React's own hooks (useMsal, useIsAuthenticated, useAccount).
import type { AccountInfo } from '@azure/msal-browser';
import { useAccount, useMsal } from '@azure/msal-react';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { ROLE_TOAST_DURATION_MS } from '../../config/constants.ts';
import { texts } from '../../config/texts.ts';
import { useAuthSession } from './auth-provider.tsx';
import type { AuthSessionState } from './auth-session.ts';
import { roleProblem, rolesOrEmpty } from './role-claims.ts';

function useAuthSessionState(): AuthSessionState {
  const session = useAuthSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/**
 * MSAL's active account as MSAL holds it now. useAccount re-renders on each change of it, but tells it one render
 * after MSAL React's own state (accounts, interaction): read from the instance, both agree in every render.
 */
function useActiveAccount(): AccountInfo | null {
  const { instance } = useMsal();
  useAccount();
  return instance.getActiveAccount();
}

/** Whether a token was acquired for the active account (MSAL's) since the session last ended. */
export function useHasToken(): boolean {
  const account = useActiveAccount();
  const { tokenFor } = useAuthSessionState();
  return account !== null && tokenFor === account.homeAccountId;
}

/** The roles of the active account, from its ID token, else from its access token; the first is the primary. */
export function useRoles(): readonly string[] {
  const account = useActiveAccount();
  const { accessTokenRoles } = useAuthSessionState();
  // Kept while the account and its ID token stay the same: MSAL hands a new object on each read.
  const id = account?.homeAccountId;
  const idToken = account?.idToken;
  const claims = account?.idTokenClaims;
  return useMemo(() => {
    if (id === undefined) return [];
    const fromId = rolesOrEmpty(claims, null);
    return fromId.length > 0 ? fromId : accessTokenRoles;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the claims change only with the ID token
  }, [id, idToken, accessTokenRoles]);
}

/** The toast for a signed-in user without a role of this app, once per account, for ROLE_TOAST_DURATION_MS. */
export function useNotifyRoleProblem(): (accountId: string, roles: readonly string[]) => void {
  const session = useAuthSession();
  return useCallback(
    (accountId, roles) => {
      const problem = roleProblem(roles);
      if (problem === null || !session.firstRoleNotice(accountId)) return;
      toast.error(problem === 'no-role' ? texts.noRoleToast : texts.unknownRoleToast, {
        duration: ROLE_TOAST_DURATION_MS,
      });
    },
    [session],
  );
}
