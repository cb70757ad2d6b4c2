// What a route object carries for the layouts, and how they find the one the address names.
import { useMatches } from 'react-router';
import type { Access } from '../../config/routes.ts';

export interface RouteHandle {
  /** The tab's title; the product name follows it. */
  readonly title: string;
  readonly access: Access;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'access' in handle;
}

/** The handle of the deepest matched route that has one: the route the address names. */
export function useRouteHandle(): RouteHandle | undefined {
  return useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
}
