/**
 * What the one resource editor (`src/components/resource-editor/use-resource-editor.ts`) needs from a resource's API
 * module: send the changed fields with If-Match, read their version after a 412, and put a saved
 * version into the caches. Each resource module exports one of these beside its query options.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiResponse } from './client';

export interface SaveInput<R, U> {
  /** The version the changes are based on (its key, slug, …). */
  current: R;
  /** Only the changed fields. */
  changes: U;
  /** ETag of `current`; the service answers 412 if it moved on. */
  etag: string | null;
}

export interface VersionedResource<R, U> {
  save: (input: SaveInput<R, U>) => Promise<ApiResponse<R>>;
  /** Their version, as the server has it now (after a 412); cached on the way. */
  fetchLatest: (queryClient: QueryClient, current: R) => Promise<ApiResponse<R>>;
  storeSaved: (queryClient: QueryClient, saved: ApiResponse<R>) => void;
}
