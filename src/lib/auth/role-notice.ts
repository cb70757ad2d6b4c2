// The toast for a signed-in user without a role of this app, once per account.
import { toast } from 'sonner';
import { ROLE_TOAST_DURATION_MS } from '../../config/constants.ts';
import { texts } from '../../config/texts.ts';
import { roleProblem } from './role-claims.ts';

const roleToastShownFor = new Set<string>();

/** One role toast per signed-in account, for ROLE_TOAST_DURATION_MS. */
export function notifyRoleProblem(accountId: string, roles: readonly string[]): void {
  const problem = roleProblem(roles);
  if (problem === null || roleToastShownFor.has(accountId)) return;
  roleToastShownFor.add(accountId);
  toast.error(problem === 'no-role' ? texts.noRoleToast : texts.unknownRoleToast, {
    duration: ROLE_TOAST_DURATION_MS,
  });
}
