// "/": no visible content; signs in automatically, then goes to next or the role's home.
import { Navigate } from 'react-router';
import { useSignInFlow } from './use-sign-in-flow.ts';

export function Component() {
  const target = useSignInFlow({ autoLoginOnlyWithoutAuthResponse: true });
  return target === null ? null : <Navigate replace to={target} />;
}
