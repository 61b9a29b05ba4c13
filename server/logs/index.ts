/**
 * What other wings may use of the logs wing (issue 41: alerts count a log query's entries with the
 * log query's own rules). Import the logs wing through this file (its store level) or
 * routes/index.ts (its routes level) only (decision 072).
 */
export { countLogVolume, type LogVolumeFilter } from './store/app-logs-volume';
export { queryLogHeads } from './store/app-logs-read';
export type { ValueHead } from './store/app-logs-sized-rows';
