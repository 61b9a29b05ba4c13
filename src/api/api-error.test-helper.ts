import { isApiError, type ApiError } from './client';

/** The ApiError a request fails with; fails the test when it succeeds or throws something else. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}
