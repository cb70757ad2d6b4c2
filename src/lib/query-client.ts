// One QueryClient for the app. Errors arrive as ApiError from lib/api; a 4xx will not change on retry.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/index.ts';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

// A first screen's data fetched this recently (by start-up's prefetch, most often) is not asked for again when
// the screen mounts, unless a change marked it out of date; the live stream keeps it current from then on.
const FRESH_ON_MOUNT_MS = 10_000;

/** `refetchOnMount` for data a start-up prefetch may have fetched moments before the screen mounts. */
export function refetchOnMountUnlessFresh(query: {
  readonly state: { readonly isInvalidated: boolean; readonly dataUpdatedAt: number };
}): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > FRESH_ON_MOUNT_MS;
}

// The network mode `always`: a request is tried even when the browser says it is offline, and fails there. A
// query or a sending that waited silently for the network would be a spinner that never says it is stuck; a
// failure is an error state with Retry, and the connection banner says why.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
