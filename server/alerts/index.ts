/**
 * The alerts wing (issue 41, decision 070): what the rest of the service may use of it.
 * `alertRoutes` and `alertSimulateRoutes` are registered by buildApp (server/platform/app.ts) beside the other routes.
 */
export { alertRoutes } from './routes/alerts';
export { alertSimulateRoutes } from './routes/alert-simulate';
