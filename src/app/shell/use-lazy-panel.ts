// A panel of the shell (the menu drawer, the notifications sheet) whose code loads when a person shows they
// may open it, or opens it: the first screen does not wait for code that may never be used.
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { LazyModule } from '../route-modules.ts';

export const PANEL_LOAD_FAILED = 'This could not be opened. Check the connection and try again.';

export interface LazyPanel<Exports> {
  /** The panel's module once loaded. */
  readonly loaded: Exports | undefined;
  /** Starts loading on intent (pointer over, focus or touch on the button that opens it). */
  readonly intentProps: { onMouseEnter: () => void; onFocus: () => void; onTouchStart: () => void };
  /** Loads it to be opened now; false, with a toast that says so, when it cannot be loaded. */
  readonly load: () => Promise<boolean>;
}

export function useLazyPanel<Exports>(panel: LazyModule<Exports>): LazyPanel<Exports> {
  const [loaded, setLoaded] = useState<Exports>();
  const load = useCallback(
    () =>
      panel.load().then(
        (exports) => {
          setLoaded(() => exports);
          return true;
        },
        () => {
          // The next attempt imports afresh: the module forgets a failure.
          toast.error(PANEL_LOAD_FAILED);
          return false;
        },
      ),
    [panel],
  );
  const preload = useCallback(() => {
    panel.load().then(
      (exports) => {
        setLoaded(() => exports);
      },
      // A failed preload is not an error the user sees: opening the panel tries again and says so.
      () => undefined,
    );
  }, [panel]);
  return { loaded, intentProps: { onMouseEnter: preload, onFocus: preload, onTouchStart: preload }, load };
}
