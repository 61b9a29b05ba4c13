// What the apps wing offers the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072).
export { findAppRow, toApp } from './store/apps';
