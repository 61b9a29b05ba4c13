// Revisions (issue 29) as the dashboard accepts them from any server: an entry needs a numeric
// `id` (it pages the feed and names a version); everything else may be missing or oddly typed
// (text becomes null, changes that are not objects with a `field` are left out). What our
// service sends is the strict revisionSchema in ../schemas/audit.ts.
import { z } from 'zod';
import { wireDateTimeSchema, wireListSchema, wireTextSchema } from './common';

const optionalSize = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));

export const revisionChangeWireSchema = z.looseObject({
  field: z.string(),
  before: z
    .unknown()
    .optional()
    .transform((value) => value ?? null),
  after: z
    .unknown()
    .optional()
    .transform((value) => value ?? null),
  before_size: optionalSize,
  after_size: optionalSize,
});
export type RevisionChange = z.output<typeof revisionChangeWireSchema>;

const actorWireSchema = z
  .unknown()
  .optional()
  .transform((value) => {
    const parsed = z.looseObject({ email: wireTextSchema }).safeParse(value);
    return { email: parsed.success ? parsed.data.email : null };
  });

export const revisionWireSchema = z.looseObject({
  id: z.number().int(),
  resource: wireTextSchema,
  resource_id: wireTextSchema,
  actor: actorWireSchema,
  created_at: wireDateTimeSchema,
  changes: wireListSchema(revisionChangeWireSchema),
});
export type Revision = z.output<typeof revisionWireSchema>;

export const revisionListWireSchema = wireListSchema(revisionWireSchema);
