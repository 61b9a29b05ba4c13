/**
 * `POST /alerts/simulate` (issue 41, decision 070): a rule (the body of `POST /alerts`) over the
 * last 24 hours, before it is saved: each window's count and state, and the moments it would
 * have fired. Writes nothing; any member may ask (the editor shows it on the volume chart).
 * Counted from the minute rollup where the query allows it (store/alert-counts.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_SIMULATION_MINUTES,
  alertRuleSchema,
  alertSimulationSchema,
  type AlertRule,
  type AlertSimulation,
} from '../../../contract/schemas/alert';
import { AUTH_ERRORS, errorResponses } from '../../http/common';
import { alertWindows, evaluationMoments, firingMoments, MINUTE_MS } from '../alert-windows';
import { alertMinuteCounts, countedFromRollup } from './alert-counts';
import { ALERT_RESOURCE, checkAlertRule } from './alert-checks';

export interface AlertSimulateOptions {
  /** The clock, epoch ms (tests move it); default `Date.now`. */
  now?: () => number;
  /** Each counting statement's time budget; default the volume's (tests on a loaded machine raise it). */
  timeBudgetMs?: number;
}

export const alertSimulateRoutes: FastifyPluginAsyncZod<AlertSimulateOptions> = async (
  app,
  options,
) => {
  const db = app.db;
  const now = options.now ?? Date.now;

  app.post(
    '/alerts/simulate',
    {
      config: { resource: ALERT_RESOURCE },
      schema: {
        summary: 'What an alert rule would have done in the last 24 hours',
        description:
          'Our extension (issue 41). The body is a rule as `POST /alerts` takes it (checked the ' +
          'same way: 422 on its field). Answers one window per evaluation moment (every ' +
          '`every_minutes` on the minute grid) with its count and state, and `fired`: the ' +
          'moments the alert would have fired. Nothing is written; any member may ask. A query ' +
          'with `q` or field conditions counts rows under the search budget (400 `too_slow`).',
        tags: ['alerts'],
        body: alertRuleSchema,
        response: {
          200: alertSimulationSchema,
          ...errorResponses([...AUTH_ERRORS, 413, 415, 422]),
        },
      },
    },
    async (request, reply): Promise<AlertSimulation> => {
      const rule: AlertRule = request.body;
      const appId = await checkAlertRule(db, request.auth.siteId, rule);
      const nowMs = now();
      const moments = evaluationMoments(rule.every_minutes, nowMs, ALERT_SIMULATION_MINUTES);
      const lastMs = moments[moments.length - 1] ?? Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
      const firstMs = (moments[0] ?? lastMs) - rule.condition.window_minutes * MINUTE_MS;
      const counts = await alertMinuteCounts(
        db,
        appId,
        rule,
        firstMs,
        Math.round((lastMs - firstMs) / MINUTE_MS),
        options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs },
      );
      const windows = alertWindows(rule, counts, moments);
      void reply.header('Cache-Control', 'no-store');
      return {
        since: firstMs / 1000,
        before: lastMs / 1000,
        source: countedFromRollup(rule) ? 'rollup' : 'rows',
        windows: windows.map((window) => ({
          end: window.endMs / 1000,
          count: window.count,
          state: window.state,
        })),
        fired: firingMoments(rule, windows).map((ms) => ms / 1000),
      };
    },
  );
};
