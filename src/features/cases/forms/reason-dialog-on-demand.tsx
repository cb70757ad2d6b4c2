// The reason dialog as screens use it: its code (a modal, a form and its checks) loads the first time it opens,
// so the offers banner on every protected screen, and the case pages, show without it. Once opened it stays
// mounted, so its closing transition plays as before.
import { lazy, Suspense, useState } from 'react';
import type { ReasonDialogProps } from './reason-dialog.tsx';

const Dialog = lazy(() => import('./reason-dialog.tsx').then((module) => ({ default: module.ReasonDialog })));

export function ReasonDialog(props: ReasonDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
