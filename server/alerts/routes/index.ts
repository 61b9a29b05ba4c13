/**
 * The alerts wing's routes (issue 41, decision 070): what the rest of the service may use of it.
 * `alertRoutes` and `alertSimulateRoutes` are registered by buildApp (server/platform/app.ts) beside the other routes;
 * the process runs `AlertEvaluator` under the leader (server/platform/main.ts).
 */
export { alertRoutes } from './alerts';
export { alertSimulateRoutes } from './alert-simulate';
export { AlertEvaluator, startAlertEvaluation } from './evaluation/alert-evaluator';
export { ALERT_CRASH_STEPS, crashHook, fileClock } from './evaluation/alert-test-hooks';
