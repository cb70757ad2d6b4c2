// "/sign-out": a spinner and two lines while the session ends (and "/switch-user", which says it its own way).
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { texts } from '../../../config/texts.ts';
import { type AuthSession, useAuthSession } from '../../../lib/auth/index.ts';

const signingOut = new WeakMap<AuthSession, Promise<void>>();

/** Once per visit: a remounted page (StrictMode, a double click on Logout) must not start a second logout. */
function signOutOnce(session: AuthSession): void {
  if (signingOut.has(session)) return;
  signingOut.set(
    session,
    session.signOut().finally(() => {
      signingOut.delete(session);
    }),
  );
}

/** Ends the session (the app's tokens and the provider's session), saying `label` meanwhile. */
export function SignOutScreen({ label }: { readonly label: string }) {
  const session = useAuthSession();
  useEffect(() => {
    signOutOnce(session);
  }, [session]);

  return (
    <Center mih="70dvh" p="md">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text fw={600}>{label}</Text>
        <Text c="dimmed">{texts.redirectedShortly}</Text>
      </Stack>
    </Center>
  );
}

export function Component() {
  return <SignOutScreen label={texts.signingOut} />;
}
