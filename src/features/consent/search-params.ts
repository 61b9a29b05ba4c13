import { z } from 'zod';

/** URL search parameters of `/settings/consent`. */
export const consentSearchSchema = z.object({
  lang: z.string().optional().catch(undefined),
});
export type ConsentSearch = z.infer<typeof consentSearchSchema>;
