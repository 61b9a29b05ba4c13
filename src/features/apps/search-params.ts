import { z } from 'zod';

/** URL search parameters of `/apps`. */
export const appsListSearchSchema = z.object({
  filter: z.string().optional().catch(undefined),
});
export type AppsListSearch = z.infer<typeof appsListSearchSchema>;
