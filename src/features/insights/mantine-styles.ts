// The Mantine styles the insights screens add to the shell's, and their own; the build adds them to the app's
// one stylesheet.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import './insights.css';
import './print.css';
