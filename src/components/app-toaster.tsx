// The app's toasts: sonner's rich colours with their text darkened to at least 4.5:1 on their pale
// backgrounds (sonner's own shades fall just short), and an action button with white on a dark blue. They
// appear at the bottom right; on a phone they sit above the bar that answers an offer (fixed to the bottom of
// the case page), so a toast never hides Accept or Decline, and the header's menu and bell stay in reach.
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import './app-toaster.css';

const READABLE_COLOURS = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 35%)',
  '--info-text': 'hsl(210, 92%, 32%)',
  '--warning-text': 'hsl(31, 92%, 26%)',
} as CSSProperties;

const ACTION_BUTTON: CSSProperties = { background: '#1864ab', color: '#ffffff' };

// Mantine's small breakpoint (48em): the phone layouts end there.
const PHONE = '(max-width: 47.99em)';
/** The answer bar's height and a gap: a toast on a phone ends above it. */
const ABOVE_ANSWER_BAR = { bottom: 88 };

export function AppToaster() {
  const phone = useMediaQuery(PHONE);
  return (
    <Toaster
      position="bottom-right"
      offset={phone ? ABOVE_ANSWER_BAR : undefined}
      mobileOffset={ABOVE_ANSWER_BAR}
      richColors
      closeButton
      style={READABLE_COLOURS}
      toastOptions={{ actionButtonStyle: ACTION_BUTTON }}
    />
  );
}
