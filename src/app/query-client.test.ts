import { describe, expect, it } from 'vitest';
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
