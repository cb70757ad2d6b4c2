// Handlers that start loading a link's screen when the user shows intent to follow it.
import { preloadPath } from '../route-modules.ts';

export function preloadIntentProps(to: string) {
  const preload = () => {
    preloadPath(to);
  };
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
