import * as z from 'zod/mini';
import { searchText } from '../../lib/search-serialization';

/** URL search parameters of `/apps`. */
export const appsListSearchSchema = z.object({
  filter: searchText,
});
export type AppsListSearch = z.infer<typeof appsListSearchSchema>;
