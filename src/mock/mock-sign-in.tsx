// The mock mode's sign-in: choose a demo role and the app starts signed in as it, with no identity provider.
// Only the mock entry has it; a production build signs in through MSAL and nothing else.
import { Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { Role } from '../../generated/types.gen.ts';
import { ROLES } from '../lib/auth/roles.ts';
import { type MockSettings, saveSettings } from './settings.ts';

export function MockSignIn({ settings }: { readonly settings: MockSettings }) {
  useEffect(() => {
    document.title = 'Mock sign-in · Case Router';
  }, []);
  const signIn = (role: Role) => {
    saveSettings({ ...settings, role });
    window.location.assign('/');
  };
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>Mock sign-in</Title>
        <Text>
          This is the mock mode: no server and no identity provider. Every answer comes from the fixtures, in
          this browser. Choose whom to sign in as.
        </Text>
        {settings.scenario === 'unauthorized' && (
          <Text fw={700}>
            The scenario is "401 Unauthorized": every API call answers 401, so the app signs out and comes
            back here. Choose another scenario in the Mock panel to stay signed in.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {ROLES.map((role) => (
            <Button
              key={role}
              variant="default"
              mih={44}
              h="auto"
              py={8}
              // The longest role names are longer than a phone is wide: they wrap rather than clip.
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 } }}
              onClick={() => {
                signIn(role);
              }}
            >
              {role}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
