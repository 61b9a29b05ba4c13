/**
 * What other wings may use of the logs wing (issue 41: alerts count a log query's entries with the
 * log query's own rules). Import the logs wing through this file only.
 */
export { parseVolumeQuery } from './routes/log-query-params';
export { withJobNames } from './store/app-log-jobs';
export { countLogVolume, type LogVolumeFilter } from './store/app-logs-volume';
