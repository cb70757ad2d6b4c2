// The behaviour / and /sign-in share: sign in when needed, then go to next or the role's home.
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAuthSnapshot } from '../../../lib/auth/auth-store.ts';
import { login } from '../../../lib/auth/session.ts';
import { carriesAuthResponse, safeNextPath } from '../../../lib/auth/navigation.ts';
import { notifyRoleProblem } from '../../../lib/auth/role-notice.ts';
import { homeRouteFor } from '../../../lib/auth/roles.ts';

/** Where to go once signed in, or null while signing in (or when that target is this very page). */
export function useSignInFlow(options: { autoLoginOnlyWithoutAuthResponse: boolean }): string | null {
  const { authenticated, account, roles, interaction } = useAuthSnapshot();
  const [search] = useSearchParams();
  const location = useLocation();
  const next = safeNextPath(search.get('next'));
  const waitForResponse =
    options.autoLoginOnlyWithoutAuthResponse && carriesAuthResponse(search, location.hash);

  useEffect(() => {
    if (!authenticated && interaction === 'none' && !waitForResponse) void login({ next });
  }, [authenticated, interaction, waitForResponse, next]);

  useEffect(() => {
    if (authenticated && account) notifyRoleProblem(account.homeAccountId, roles);
  }, [authenticated, account, roles]);

  if (!authenticated) return null;
  const target = next ?? homeRouteFor(roles);
  // A user without a recognised role has the fallback home, this page: stay, the role toast explains.
  return target === location.pathname ? null : target;
}
