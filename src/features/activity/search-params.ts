import { z } from 'zod';
import { searchText } from '../../lib/search-serialization';

/** What the feed can be filtered by, as the service names it (GET /audit `resource`). */
export const ACTIVITY_RESOURCES = {
  app: 'Apps',
  consent: 'Consent',
  notification: 'Notifications',
  site_settings: 'Site settings',
  member: 'Members',
} as const;
export type ActivityResource = keyof typeof ACTIVITY_RESOURCES;

/** URL search parameters of `/activity`: the person (an e-mail) and the kind of resource. */
export const activitySearchSchema = z.object({
  actor: searchText,
  resource: z
    .enum(Object.keys(ACTIVITY_RESOURCES) as [ActivityResource, ...ActivityResource[]])
    .optional()
    .catch(undefined),
});
export type ActivitySearch = z.infer<typeof activitySearchSchema>;
