// Start-up failed; the cause is in the console, where start-app.tsx logged it.
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Kbd.css';
import { Kbd, Text } from '@mantine/core';
import { StatusScreen } from '../../components/status-screen.tsx';
import { texts } from '../../config/texts.ts';

export const CONFIGURATION_ERROR_TITLE = 'Configuration Error';

export function ConfigurationErrorScreen() {
  return (
    <StatusScreen role="alert" title={CONFIGURATION_ERROR_TITLE} message={texts.configurationError}>
      <Text size="sm">
        The cause is logged in the browser console: open it with <Kbd>F12</Kbd> → Console.
      </Text>
    </StatusScreen>
  );
}
