import { z } from 'zod';
import { searchText } from '../../lib/search-serialization';

/**
 * URL search parameters of `/activity`: the person (an e-mail) and the kind of resource (one of
 * ACTIVITY_RESOURCES, checked by the page: this schema is in the entry chunk, the labels not).
 */
export const activitySearchSchema = z.object({ actor: searchText, resource: searchText });
export type ActivitySearch = z.infer<typeof activitySearchSchema>;
