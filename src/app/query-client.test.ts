import { QueryObserver, focusManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { createQueryClient } from './query-client';

const error = (status: number, kind: ApiError['kind'] = 'http') =>
  new ApiError(status, { message: 'x', code: status, errors: [] }, kind);

describe('query client defaults', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const retry = defaults.queries?.retry as (failureCount: number, error: unknown) => boolean;
  const retryDelay = defaults.queries?.retryDelay as (attempt: number) => number;

  it('retries reads on network errors and 5xx, at most three times', () => {
    expect(retry(0, error(0, 'network'))).toBe(true);
    expect(retry(2, error(503))).toBe(true);
    expect(retry(3, error(503))).toBe(false);
  });

  it('does not retry 4xx, malformed answers or foreign errors', () => {
    for (const status of [400, 401, 403, 404, 412, 422])
      expect(retry(0, error(status))).toBe(false);
    expect(retry(0, error(200, 'invalid-response'))).toBe(false);
    expect(retry(0, new Error('boom'))).toBe(false);
  });

  it('backs off exponentially up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('never retries writes by itself', () => {
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('query client refetching', () => {
  // Issue 30: a tab shown again kept data up to 30 s old, because the focus refetch only runs
  // for stale queries and staleTime is 30 s.
  it('refetches a watched query when the tab becomes visible again, however fresh', async () => {
    const client = createQueryClient();
    client.mount(); // as QueryClientProvider does: listen to the focus manager
    let fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['demo', 'apps'],
      queryFn: () => ++fetches,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(fetches).toBe(1), { timeout: 15_000 });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(fetches).toBe(2), { timeout: 15_000 });
    unsubscribe();
    client.unmount();
    focusManager.setFocused(undefined);
  });
});
