import { z } from 'zod';
import { searchText } from '../../lib/search-serialization';

/** URL search parameters of `/notifications`. */
export const notificationsListSearchSchema = z.object({
  filter: searchText,
});
export type NotificationsListSearch = z.infer<typeof notificationsListSearchSchema>;
