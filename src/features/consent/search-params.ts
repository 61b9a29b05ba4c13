import * as z from 'zod/mini';
import { searchText } from '../../lib/search-serialization';

/** URL search parameters of `/settings/consent`. */
export const consentSearchSchema = z.object({
  lang: searchText,
});
export type ConsentSearch = z.infer<typeof consentSearchSchema>;
