// "/sign-in?next=": starts the login, remembering next, and returns there afterwards.
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import { Center, Loader } from '@mantine/core';
import { Navigate } from 'react-router';
import { useSignInFlow } from './use-sign-in-flow.ts';

export function Component() {
  const target = useSignInFlow({ autoLoginOnlyWithoutAuthResponse: false });
  if (target !== null) return <Navigate replace to={target} />;
  return (
    <Center mih="70dvh">
      <Loader aria-label="Signing in" />
    </Center>
  );
}
