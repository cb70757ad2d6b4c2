// Toasts about sign-in, from one place. Start-up runs before the Toaster is mounted, so what it has to say
// waits until the AuthProvider shows it.
import { toast } from 'sonner';
import { ROLE_TOAST_DURATION_MS } from '../../config/constants.ts';
import { texts } from '../../config/texts.ts';
import { roleProblem } from './role-claims.ts';

const pending: string[] = [];
let mounted = false;

function show(message: string): void {
  if (mounted) toast.error(message);
  else pending.push(message);
}

export function flushNotices(): void {
  mounted = true;
  for (const message of pending.splice(0)) toast.error(message);
}

export function notifyLoginFailed(): void {
  show(texts.loginFailed);
}

export function notifyAuthenticationError(): void {
  show(texts.authenticationError);
}

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
