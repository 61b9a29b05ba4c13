// A site of `GET /sites` (our extension of the spec) as the dashboard accepts it: only `id`
// is required; a missing name shows the id.
import { z } from 'zod';
import { wireIdSchema, wireTextSchema } from './common';

export const siteWireSchema = z
  .looseObject({ id: wireIdSchema, name: wireTextSchema, role: wireTextSchema })
  .transform((site) => ({ ...site, name: site.name ?? site.id }));
export const siteListWireSchema = z.array(siteWireSchema);

export type Site = z.output<typeof siteWireSchema>;
