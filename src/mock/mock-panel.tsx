// The mock mode's scenario panel: who is signed in, which scenario the fixtures play, and which operation a
// failing scenario fails. Applying reloads the page with the new answers; the same choice can be written in
// the address (see settings.ts). It exists only in the mock mode's entry.
import { Affix, Button, Group, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { Role } from '../../generated/types.gen.ts';
import { ROLES } from '../lib/auth/roles.ts';
import { operationLocations, type OperationId } from './fixtures.ts';
import { DEFAULT_FAILING_OPERATION, SCENARIOS, type ScenarioName } from './scenarios.ts';
import { type MockSettings, saveSettings } from './settings.ts';

export const SIGNED_OUT = 'signed-out';

const FAILING: readonly ScenarioName[] = ['server-error', 'forbidden'];

export function MockPanel({ settings }: { readonly settings: MockSettings }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<string>(settings.role ?? SIGNED_OUT);
  const [scenario, setScenario] = useState<ScenarioName>(settings.scenario);
  const [operation, setOperation] = useState<string>(settings.operation ?? DEFAULT_FAILING_OPERATION);
  const panelId = useId();
  const current = SCENARIOS.find((item) => item.name === settings.scenario)?.label ?? settings.scenario;

  const apply = () => {
    const next: MockSettings = {
      role: role === SIGNED_OUT ? null : (role as Role),
      scenario,
      operation: FAILING.includes(scenario) ? (operation as OperationId) : null,
    };
    saveSettings(next);
    // Another role starts at its own home; the same role stays on the screen QA is looking at.
    window.location.assign(next.role === settings.role ? window.location.pathname : '/');
  };

  return (
    <Affix position={{ bottom: 12, left: 12 }} zIndex={400}>
      <Stack gap="xs" align="flex-start">
        {open && (
          <Paper
            id={panelId}
            role="dialog"
            aria-labelledby={`${panelId}-title`}
            shadow="md"
            withBorder
            p="md"
            w="min(24rem, calc(100vw - 24px))"
            mah="calc(100dvh - 90px)"
            style={{ overflowY: 'auto' }}
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id={`${panelId}-title`}>
                Mock mode
              </Title>
              <Text size="sm" c="dimmed">
                No server: the answers come from the fixtures, in this browser.
              </Text>
              <Select
                label="Signed in as"
                value={role}
                onChange={(value) => {
                  setRole(value ?? SIGNED_OUT);
                }}
                allowDeselect={false}
                data={[
                  { value: SIGNED_OUT, label: 'Signed out' },
                  ...ROLES.map((value) => ({ value, label: value })),
                ]}
              />
              <Radio.Group
                label="Scenario"
                value={scenario}
                onChange={(value) => {
                  setScenario(value);
                }}
              >
                <Stack gap={6} mt={4}>
                  {SCENARIOS.map((item) => (
                    <Radio
                      key={item.name}
                      value={item.name}
                      label={item.label}
                      description={item.description}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {FAILING.includes(scenario) && (
                <Select
                  label="Operation that fails"
                  value={operation}
                  onChange={(value) => {
                    setOperation(value ?? DEFAULT_FAILING_OPERATION);
                  }}
                  allowDeselect={false}
                  searchable
                  data={[...operationLocations().keys()].sort()}
                />
              )}
              <Group gap="sm">
                <Button onClick={apply}>Apply and reload</Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setOpen(false);
                  }}
                >
                  Close
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        <Button
          variant="filled"
          color="grape"
          mih={44}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => {
            setOpen((value) => !value);
          }}
        >
          Mock: {current}
        </Button>
      </Stack>
    </Affix>
  );
}
