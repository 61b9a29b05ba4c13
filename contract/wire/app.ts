// An app as the dashboard accepts it from any server (spec 2.1). Only `key` is required: it
// names the app in every path. Everything else may be missing, null or oddly typed and comes out
// as null (an empty list for lists); unknown fields are kept. What our service sends is the
// strict `appSchema` in ../schemas/app.ts.
import { z } from 'zod';
import type { AppUpdate } from '../schemas/app';
import {
  wireBooleanSchema,
  wireDateTimeSchema,
  wireIdSchema,
  wireJsonObjectSchema,
  wireListSchema,
  wireTextListSchema,
  wireTextSchema,
} from './common';

const appFunctionWireSchema = z.looseObject({
  name: wireTextSchema,
  updated_at: wireDateTimeSchema,
});
const appRouteWireSchema = z.looseObject({
  verb: wireTextSchema,
  path: wireTextSchema,
  constraints: wireJsonObjectSchema,
  updated_at: wireDateTimeSchema,
});
const appCallbackWireSchema = z.looseObject({
  event: wireTextSchema,
  type: wireTextSchema,
  updated_at: wireDateTimeSchema,
});
const appJobWireSchema = z.looseObject({ name: wireTextSchema, updated_at: wireDateTimeSchema });
const appScheduleWireSchema = z.looseObject({
  name: wireTextSchema,
  timing: wireTextSchema,
  data: wireJsonObjectSchema,
  updated_at: wireDateTimeSchema,
});

export const appWireSchema = z.looseObject({
  key: wireIdSchema,
  name: wireTextSchema,
  url: wireTextSchema,
  domain: wireTextSchema,
  callback_url: wireTextSchema,
  internal: wireBooleanSchema,
  install_scopes: wireTextListSchema,
  created_at: wireDateTimeSchema,
  updated_at: wireDateTimeSchema,
  sdk_version: wireTextSchema,
  compiled_at: wireDateTimeSchema,
  compile_errors: wireTextListSchema,
  functions: wireListSchema(appFunctionWireSchema),
  routes: wireListSchema(appRouteWireSchema),
  callbacks: wireListSchema(appCallbackWireSchema),
  jobs: wireListSchema(appJobWireSchema),
  schedules: wireListSchema(appScheduleWireSchema),
});
export const appListWireSchema = z.array(appWireSchema);

/** An app as the dashboard holds it. */
export type App = z.output<typeof appWireSchema>;
export type AppRoute = App['routes'][number];
export type AppSchedule = App['schedules'][number];

/**
 * What the dashboard sends in `PATCH /apps/{key}`: the contract's partial update, except that
 * install scopes may include ones our catalogue does not list (another server sent them, and
 * they go back as they came).
 */
export type AppChanges = Omit<AppUpdate, 'install_scopes'> & { install_scopes?: string[] };
