// The behaviour / and /sign-in share: sign in when needed, then go to next or the role's home.
import { useIsAuthenticated, useMsal } from '@azure/msal-react';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuthSession, useHasToken, useNotifyRoleProblem, useRoles } from '../../../lib/auth/index.ts';
import { carriesAuthResponse, safeNextPath } from '../../../lib/auth/navigation.ts';
import { homeRouteFor } from '../../../lib/auth/roles.ts';

/** Where to go once signed in, or null while signing in (or when that target is this very page). */
export function useSignInFlow(options: { autoLoginOnlyWithoutAuthResponse: boolean }): string | null {
  const session = useAuthSession();
  const { inProgress, instance } = useMsal();
  const accountId = instance.getActiveAccount()?.homeAccountId;
  const isAuthenticated = useIsAuthenticated();
  const hasToken = useHasToken();
  const authenticated = isAuthenticated && hasToken;
  const roles = useRoles();
  const notifyRoleProblem = useNotifyRoleProblem();
  const [search] = useSearchParams();
  const location = useLocation();
  const next = safeNextPath(search.get('next'));
  const waitForResponse =
    options.autoLoginOnlyWithoutAuthResponse && carriesAuthResponse(search, location.hash);

  useEffect(() => {
    // Login is skipped while another interaction (MSAL's start included) is in progress.
    if (!authenticated && !waitForResponse) void session.login({ next }, inProgress);
  }, [authenticated, inProgress, waitForResponse, next, session]);

  useEffect(() => {
    if (authenticated && accountId !== undefined) notifyRoleProblem(accountId, roles);
  }, [authenticated, accountId, roles, notifyRoleProblem]);

  if (!authenticated) return null;
  const target = next ?? homeRouteFor(roles);
  // A user without a recognised role has the fallback home, this page: stay, the role toast explains.
  return target === location.pathname ? null : target;
}
