/**
 * `where` and `where_not` in the querystring schemas of the log routes (list, wait, volume,
 * facets): what the OpenAPI document says of them. Read by log-field-params.ts.
 */
import { z } from 'zod';
import {
  LOG_FIELD_CONDITIONS_MAX,
  LOG_FIELD_KEY_MAX,
  LOG_FIELD_VALUE_MAX,
} from '../../../contract/schemas/log-field-condition';

const repeatable = z.union([z.string(), z.array(z.string())]).optional();

const rule =
  'Repeatable `key:value` (split at the first colon): `key` a top-level key of the data ' +
  `(at most ${String(LOG_FIELD_KEY_MAX)} characters), \`value\` its value as text as the facets ` +
  'report it: strings bare, numbers and booleans as JSON writes them, `null` ' +
  `(at most ${String(LOG_FIELD_VALUE_MAX)} characters). At most ` +
  `${String(LOG_FIELD_CONDITIONS_MAX)} conditions with \`where\` and \`where_not\` together.`;

export const fieldConditionQuerySchema = z.object({
  where: repeatable.describe(
    `Our extension: only entries whose data has this exact value at the key. ${rule}`,
  ),
  where_not: repeatable.describe(
    `Our extension: only entries whose data does not have this exact value at the key ` +
      `(entries without the key are kept). ${rule}`,
  ),
});
