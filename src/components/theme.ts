// A calm clinical look: one cool teal-blue for the interface, and red, orange and green reserved for the
// urgency of a case so that colour keeps its meaning when case screens arrive.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import './accessible.css';

const clinical: MantineColorsTuple = [
  '#e6f6fa',
  '#cdeaf2',
  '#9fd4e5',
  '#6dbdd8',
  '#45a9cc',
  '#2b9cc5',
  '#1993c2',
  '#007fab',
  '#00719a',
  '#006288',
];

const emergent: MantineColorsTuple = [
  '#ffe9e9',
  '#ffd1d1',
  '#fba0a1',
  '#f76d6d',
  '#f34141',
  '#f22625',
  '#f21616',
  '#d8070b',
  '#c10008',
  '#a90003',
];

const urgent: MantineColorsTuple = [
  '#fff4e1',
  '#ffe8cc',
  '#fed09b',
  '#fdb766',
  '#fca13a',
  '#fc931d',
  '#fc8b0a',
  '#e17800',
  '#c86a00',
  '#af5a00',
];

const routine: MantineColorsTuple = [
  '#e5fbf0',
  '#d4f2e3',
  '#abe2c6',
  '#7fd2a7',
  '#5ac48c',
  '#43bb7b',
  '#35b772',
  '#25a060',
  '#1a8f54',
  '#017c45',
];

// Mantine's defaults with the "dimmed" text shade (gray 6 in light, dark 2 in dark) darkened or lightened
// so secondary text meets WCAG AA contrast (4.5:1) on the page background.
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#656d75',
  '#495057',
  '#343a40',
  '#212529',
];

const dark: MantineColorsTuple = [
  '#c9c9c9',
  '#b8b8b8',
  '#a0a0a0',
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];

export type Urgency = 'emergent' | 'urgent' | 'routine';

/** The theme colour for each urgency; nothing else in the interface uses these three. */
export const urgencyColors: Readonly<Record<Urgency, Urgency>> = {
  emergent: 'emergent',
  urgent: 'urgent',
  routine: 'routine',
};

/**
 * Error text at 4.5:1 or more: red 9 (#c92a2a) on white, 6.4:1, where Mantine's red 6 reached 3.3:1; in the
 * dark scheme red 4 on the dark body.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': '#c92a2a' },
  dark: { '--mantine-color-error': '#ff8787' },
});

export const theme = createTheme({
  primaryColor: 'clinical',
  // Shade 8 keeps white text on the primary colour above WCAG AA contrast in the light scheme.
  primaryShade: { light: 8, dark: 6 },
  colors: { clinical, emergent, urgent, routine, gray, dark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
});
