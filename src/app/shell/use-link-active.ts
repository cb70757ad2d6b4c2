import { useMatch } from 'react-router';

/** A link is current on its own screen and below it; "/" only on itself, or it would be current everywhere. */
export function useLinkActive(to: string): boolean {
  return useMatch({ path: to, end: to === '/' }) !== null;
}
