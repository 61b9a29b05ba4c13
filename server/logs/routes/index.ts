// What the logs wing's routes offer the other wings (decision 072); the store-level entrance is
// ../index.ts.
export { parseVolumeQuery } from './log-query-params';
