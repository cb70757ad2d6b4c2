// A warning when the app runs inside an iframe (sign-in redirects and clickjacking make that unsafe).
import { Alert } from '@mantine/core';
import { texts } from '../../config/texts.ts';
import { AlertTriangleIcon } from '../../components/icons.tsx';

export function isEmbedded(win: { readonly self: unknown; readonly top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent refuses the comparison: that is embedding too.
    return true;
  }
}

export function IframeWarning({ embedded }: { readonly embedded: boolean }) {
  if (!embedded) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Running inside another page"
      icon={<AlertTriangleIcon />}
      mb="md"
      // Yellow text on the light yellow fill falls below AA contrast: the yellow stays in the fill only.
      styles={{ title: { color: 'var(--mantine-color-text)' }, icon: { color: 'var(--mantine-color-text)' } }}
    >
      {texts.productName} is open inside a frame of another site. Open it in its own browser tab to sign in
      and work safely.
    </Alert>
  );
}
