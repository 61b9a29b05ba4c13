import { z } from 'zod';

/** URL search parameters of `/notifications`. */
export const notificationsListSearchSchema = z.object({
  filter: z.string().optional().catch(undefined),
});
export type NotificationsListSearch = z.infer<typeof notificationsListSearchSchema>;
