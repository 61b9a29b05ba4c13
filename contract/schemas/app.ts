import { z } from 'zod';
import { dateTimeSchema, httpUrlSchema, jsonObjectSchema, textSchema } from './common';

/** Every scope an app may ask for at install. Order here is the order the dashboard lists them. */
export const SCOPE_CATALOGUE = [
  'read_channels',
  'write_channels',
  'read_customers',
  'write_customers',
  'read_orders',
  'write_orders',
  'read_products',
  'write_products',
  'read_inventory',
  'write_inventory',
  'read_notifications',
  'write_notifications',
  'read_settings',
  'write_settings',
  'read_logs',
] as const;
export const scopeSchema = z.enum(SCOPE_CATALOGUE);
export type Scope = z.infer<typeof scopeSchema>;

// What our service sends (spec 2.1, every field present): the OpenAPI document and the API tests
// use these. What the dashboard accepts from any server is ../wire/app.ts.
const appFunctionSchema = z.object({ name: z.string(), updated_at: dateTimeSchema });
const appRouteSchema = z.object({
  verb: z.string(),
  path: z.string(),
  constraints: jsonObjectSchema,
  updated_at: dateTimeSchema,
});
const appCallbackSchema = z.object({
  event: z.string(),
  type: z.string(),
  updated_at: dateTimeSchema,
});
const appJobSchema = z.object({ name: z.string(), updated_at: dateTimeSchema });
const appScheduleSchema = z.object({
  name: z.string(),
  timing: z.string(),
  data: jsonObjectSchema,
  updated_at: dateTimeSchema,
});

/** An OAuth app as our service sends it. */
export const appSchema = z.object({
  name: z.string(),
  url: z.string(),
  key: z.string(),
  domain: z.string(),
  callback_url: z.string(),
  internal: z.boolean(),
  install_scopes: z.array(z.string()),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  sdk_version: z.string(),
  compiled_at: dateTimeSchema.nullable(),
  compile_errors: z.array(z.string()),
  functions: z.array(appFunctionSchema),
  routes: z.array(appRouteSchema),
  callbacks: z.array(appCallbackSchema),
  jobs: z.array(appJobSchema),
  schedules: z.array(appScheduleSchema),
});
export type App = z.infer<typeof appSchema>;
export const appListSchema = z.array(appSchema);

/** A hostname such as `shop.example.com` (no scheme, no path). */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Must be a hostname such as shop.example.com',
  );

export const sdkVersionSchema = z
  .string()
  .trim()
  .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'Must be a version such as 2.4.1');

/** The fields `PATCH /apps/{app_id}` writes. */
export const appWritableFieldsSchema = z.object({
  name: textSchema().trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  url: httpUrlSchema,
  domain: domainSchema,
  callback_url: httpUrlSchema,
  internal: z.boolean(),
  install_scopes: z.array(scopeSchema).max(SCOPE_CATALOGUE.length),
  sdk_version: sdkVersionSchema,
});
export type AppWritableFields = z.infer<typeof appWritableFieldsSchema>;
export const APP_WRITABLE_FIELDS = Object.keys(appWritableFieldsSchema.shape) as Array<
  keyof AppWritableFields
>;

/** Read-only App fields a client may send back unchanged; the service ignores them. */
export const APP_READ_ONLY_FIELDS = [
  'key',
  'created_at',
  'updated_at',
  'compiled_at',
  'compile_errors',
  'functions',
  'routes',
  'callbacks',
  'jobs',
  'schedules',
] as const;

/** Request body of `PATCH /apps/{app_id}`: a partial update. */
export const appUpdateSchema = appWritableFieldsSchema.partial();
export type AppUpdate = z.infer<typeof appUpdateSchema>;
