// One QueryClient for the app. Errors arrive as ApiError from lib/api; a 4xx will not change on retry.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/index.ts';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
