// The app's toasts: sonner's rich colours with their text darkened to at least 4.5:1 on their pale
// backgrounds (sonner's own shades fall just short), and an action button with white on a dark blue. On a
// phone they come in at the top, just below the header (its menu and bell stay in reach), so that they never
// cover the page's end: the case's thread, its consultation, or the bar that answers an offer.
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
/** The header's 60 px and a gap: a toast on a phone starts below it. */
const BELOW_HEADER = { top: 68 };

export function AppToaster() {
  const phone = useMediaQuery(PHONE);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      offset={phone ? BELOW_HEADER : undefined}
      mobileOffset={BELOW_HEADER}
      richColors
      closeButton
      style={READABLE_COLOURS}
      toastOptions={{ actionButtonStyle: ACTION_BUTTON }}
    />
  );
}
