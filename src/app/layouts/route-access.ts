// What a route object carries for the layouts, and what they read from it: the title of the page at the
// address, and whether the signed-in user may open it.
import { useIsAuthenticated } from '@azure/msal-react';
import { useMatches } from 'react-router';
import type { Access } from '../../config/routes.ts';
import { useRoles } from '../../lib/auth/index.ts';
import { mayOpen } from '../../lib/auth/roles.ts';
import { NOT_FOR_YOUR_ROLE } from '../errors/not-for-your-role.tsx';

export interface RouteHandle {
  /** The tab's title; the product name follows it. */
  readonly title: string;
  readonly access: Access;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'access' in handle;
}

export interface RouteAccess {
  /** The page's own title, or the refusal's when it is refused. */
  readonly title: string | undefined;
  /** Signed in, at a route that is for none of the user's roles. */
  readonly refused: boolean;
}

export function useRouteAccess(): RouteAccess {
  const authenticated = useIsAuthenticated();
  const roles = useRoles();
  // The deepest matched route with a handle is the one the address names.
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  const refused = authenticated && handle !== undefined && !mayOpen(handle.access, roles);
  return { title: refused ? NOT_FOR_YOUR_ROLE : handle?.title, refused };
}
